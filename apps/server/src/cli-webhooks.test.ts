import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../build.mjs';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { SecretBox } from './lib/secret-box.js';
import { DeliveryRepository } from './modules/delivery/delivery.repository.js';
import { MAPLE } from '../test/harness.js';

// Webhooks are made by the installation, never from the web (a webhook makes the server post anywhere it names):
// `npm run vigil -- add-webhook | list-webhooks | remove-webhook | webhook-log`, run as the real CLI process (bundled
// as `npm run vigil` runs it) against a data folder of its own. The secret is printed once and kept sealed; the
// address is shown without its query; each change is audited with the shell's address.
const run = promisify(execFile);
const SERVER_ROOT = resolve(import.meta.dirname, '..');
let cli: string;
let bundleDir: string;
let dataDir: string;

const vigil = async (...args: string[]) => {
  const { SUDO_USER: _sudo, ...inherited } = process.env;
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], {
      env: { ...inherited, VIGIL_DATA_DIR: dataDir, DATABASE_URL: '', VIGIL_LOG_LEVEL: 'silent', VIGIL_MQTT_URL: '' },
    });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
  }
};
const shell = `cli:${userInfo().username}`;
const withDatabase = async <T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> => {
  const database = openDatabase(loadConfig({ VIGIL_DATA_DIR: dataDir }));
  try {
    return await work(database);
  } finally {
    await database.close();
  }
};

// The CLI keeps its own SQLite database in its data folder, whatever the tier's engine: it runs once, in the SQLite pass.
describe.skipIf(Boolean(process.env.VIGIL_TEST_DATABASE_URL))('npm run vigil -- add-webhook and the rest', () => {
  beforeAll(async () => {
    mkdirSync(join(SERVER_ROOT, 'node_modules/.cache'), { recursive: true });
    bundleDir = mkdtempSync(join(SERVER_ROOT, 'node_modules/.cache/vigil-cli-webhooks-test-'));
    await build({ ...serverBuildOptions, entryPoints: { cli: 'src/cli.ts' }, outdir: bundleDir, sourcemap: false });
    cli = join(bundleDir, 'cli.js');
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-cli-webhooks-'));
    expect((await vigil('seed')).code).toBe(0);
  }, 60_000);
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  it('adds a webhook, printing its secret once; lists it without the query; logs its deliveries; removes it; audits both', async () => {
    const added = await vigil(
      'add-webhook',
      MAPLE,
      'https://nurse-call.example/hooks/vigil?token=gateway-token',
      'Ward',
      '2',
      'nurse',
      'call',
    );
    expect(added.code, added.out).toBe(0);
    const [, id, secret] =
      /^Webhook ([0-9a-f-]{36}) at Maple Court: https:\/\/nurse-call\.example\/hooks\/vigil \(Ward 2 nurse call\)\nSigning secret \(shown once; the receiver checks X-Vigil-Signature with it\): (vwhsec_[A-Za-z0-9_-]{43})$/.exec(
        added.out,
      )!;
    expect(id).toBeDefined();

    const listed = await vigil('list-webhooks', 'Maple Court');
    expect(listed.out).toMatch(new RegExp(`^${id}\\thttps://nurse-call\\.example/hooks/vigil\\tWard 2 nurse call\\t\\d{4}-`));
    expect(listed.out).not.toContain('gateway-token');
    expect(listed.out).not.toContain(secret!);

    await withDatabase(async (database) => {
      const row = await database.db.selectFrom('webhooks').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
      // Sealed under the server's secret: the database alone does not give it away, the server opens it.
      expect(row.secret).not.toContain(secret!);
      expect(new SecretBox(loadConfig({ VIGIL_DATA_DIR: dataDir }).secret, 'webhook-secret').open(row.secret)).toBe(secret);
      // A delivery to it with two tries, as the queue writes them.
      const deliveries = new DeliveryRepository(database.db);
      const [delivery] = await deliveries.enqueue(
        database.db,
        [{ domain_uuid: MAPLE, alert_id: null, channel: 'webhook', target: id!, step: 'raised', tier: 0 }],
        Date.parse('2026-03-01T10:00:00Z'),
      );
      const claim = async () => (await deliveries.claimDue('cli-test', Date.now(), Date.now() + 30_000, 10))[0]!;
      await claim();
      await deliveries.settle(
        delivery!,
        'cli-test',
        { status: 'pending', nextAt: 0, error: 'HTTP 503: busy', code: 503 },
        { at: Date.parse('2026-03-01T10:00:00.100Z'), durationMs: 42 },
      );
      await claim();
      await deliveries.settle(
        delivery!,
        'cli-test',
        { status: 'sent', code: 200 },
        { at: Date.parse('2026-03-01T10:00:01.200Z'), durationMs: 7 },
      );
    });
    const log = await vigil('webhook-log', 'Maple Court', '--channel', 'webhook');
    expect(log.out.split('\n')).toEqual([
      `2026-03-01T10:00:00.000Z\twebhook\traised\tsent\t2 tries\thttps://nurse-call.example/hooks/vigil (Ward 2 nurse call)\talert -\tdelivery ${(await withDatabase((d) => d.db.selectFrom('alert_deliveries').select('id').executeTakeFirstOrThrow())).id}`,
      '  2026-03-01T10:00:00.100Z\t503\t42 ms\tHTTP 503: busy',
      '  2026-03-01T10:00:01.200Z\t200\t7 ms',
    ]);
    expect((await vigil('webhook-log', 'Maple Court', '--channel', 'mqtt')).out).toBe('No deliveries at Maple Court.');

    expect(await vigil('remove-webhook', id!)).toEqual({ code: 0, out: `Removed webhook ${id} (https://nurse-call.example/hooks/vigil).` });
    expect((await vigil('list-webhooks', 'Maple Court')).out).toBe('No webhooks at Maple Court (add one with add-webhook).');
    expect((await vigil('remove-webhook', id!)).out).toBe(`No webhook ${id} in use.`);

    const entries = await withDatabase((database) =>
      database.db.selectFrom('audit_log').selectAll().where('action', '=', 'changed_webhook').orderBy('seq').execute(),
    );
    expect(entries.map((e) => [e.domain_uuid, e.subject, e.address, e.user_email, JSON.parse(e.detail!)])).toEqual([
      [MAPLE, id, shell, shell, { change: 'added', host: 'nurse-call.example', scheme: 'https' }],
      [MAPLE, id, shell, shell, { change: 'removed', host: 'nurse-call.example' }],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/gateway-token|vwhsec_|hooks\/vigil/);
  }, 60_000);

  it('refuses what is not a webhook, and bad arguments, with a message', async () => {
    expect(await vigil('add-webhook', MAPLE)).toEqual({ code: 1, out: 'add-webhook needs <domain> <http(s) url> [description]' });
    expect((await vigil('add-webhook', MAPLE, 'gopher://old.example/')).out).toBe('A webhook must be an http:// or https:// URL.');
    expect((await vigil('add-webhook', MAPLE, 'https://me:pw@gateway.example/')).out).toMatch(/may not hold a user or password/);
    expect((await vigil('add-webhook', 'Nowhere', 'https://gateway.example/')).out).toBe('No domain "Nowhere"');
    expect((await vigil('remove-webhook', 'not-an-id')).out).toBe('remove-webhook needs <id> (see: list-webhooks <domain>)');
    expect((await vigil('webhook-log', 'Maple Court', '--channel', 'fax')).out).toBe('--channel must be one of push, mqtt, webhook');
    expect((await vigil('webhook-log', 'Maple Court', '--limit', '0')).out).toBe('--limit must be a whole number from 1 to 500');
    expect((await vigil('webhook-log')).code).toBe(1);
  }, 60_000);
});
