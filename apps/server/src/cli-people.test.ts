import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import sharp from 'sharp';
import { buildOnboardingPayload, newCameraRow } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../build.mjs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';

// An administrator loads a registry from a script: `npm run vigil -- add-person | people | set-photo`, and manages
// deployment keys (`add-deployment-key | deployment-keys | revoke-deployment-key`), run here as the real CLI process
// against a data folder of its own. The CLI is bundled as `npm run vigil` runs it (dist/cli.js, build.mjs's options),
// into a folder of its own: a process started from the bundle takes a fraction of a second, one through tsx several.
const run = promisify(execFile);
const SERVER_ROOT = resolve(import.meta.dirname, '..');
let cli: string;
let bundleDir: string;
let dataDir: string;

/** The CLI run as this OS account (never through sudo, unless `env` says SUDO_USER). */
const vigilWith = async (env: Record<string, string>, ...args: string[]) => {
  const { SUDO_USER: _sudo, ...inherited } = process.env;
  try {
    const { stdout } = await run(process.execPath, [cli, ...args], {
      env: { ...inherited, VIGIL_DATA_DIR: dataDir, DATABASE_URL: '', VIGIL_LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
  }
};
const vigil = (...args: string[]) => vigilWith({}, ...args);
/** What the audit trail records as where a command came from: the OS account that ran it. */
const shell = `cli:${userInfo().username}`;

// The CLI keeps its own SQLite database in its data folder, whatever the tier's engine: it runs once, in the SQLite pass.
describe.skipIf(Boolean(process.env.VIGIL_TEST_DATABASE_URL))('npm run vigil', () => {
  beforeAll(async () => {
    // Inside the server's folder, so that the bundle finds its npm packages as dist/cli.js does.
    mkdirSync(join(SERVER_ROOT, 'node_modules/.cache'), { recursive: true });
    bundleDir = mkdtempSync(join(SERVER_ROOT, 'node_modules/.cache/vigil-cli-test-'));
    await build({ ...serverBuildOptions, entryPoints: { cli: 'src/cli.ts' }, outdir: bundleDir, sourcemap: false });
    cli = join(bundleDir, 'cli.js');
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-cli-'));
    writeFileSync(
      join(dataDir, 'front.jpg'),
      await sharp({ create: { width: 300, height: 400, channels: 3, background: '#a86' } })
        .jpeg()
        .toBuffer(),
    );
    writeFileSync(
      join(dataDir, 'side.png'),
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#68a' } })
        .png()
        .toBuffer(),
    );
    writeFileSync(join(dataDir, 'notes.jpg'), 'not a photo at all\n');
    expect((await vigil('seed')).code).toBe(0);
  }, 60_000);
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  });

  describe('the registry from the command line', () => {
    it('adds a person with a photo, lists them, and sets another photo', async () => {
      const added = await vigil(
        'add-person',
        'Maple Court',
        'Ada',
        'Byron',
        'resident',
        'room=12',
        'elopement_risk=yes',
        'complexion=caucasian',
        `front=${join(dataDir, 'front.jpg')}`,
      );
      expect(added.code, added.out).toBe(0);
      const uuid = added.out;
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
      const listed = await vigil('people', 'Maple Court');
      expect(listed.out.split('\n')).toContainEqual(`${uuid}\tAda Byron\tresident\t12\telopement risk\tfront\tnever seen`);
      expect((await vigil('set-photo', uuid, 'side', join(dataDir, 'side.png'))).code).toBe(0);
      expect((await vigil('set-photo', uuid, 'front', join(dataDir, 'side.png'))).code, 'replacing a photo').toBe(0);
      expect((await vigil('people', 'Maple Court')).out).toContain(
        `${uuid}\tAda Byron\tresident\t12\telopement risk\tfront+side\tnever seen`,
      );
    }, 60_000);

    it('refuses a bad field or a file that is not a photo, saying why, and adds nobody', async () => {
      const before = (await vigil('people', 'Maple Court')).out;
      const badRole = await vigil('add-person', 'Maple Court', 'X', 'Y', 'janitor');
      expect(badRole.code).toBe(1);
      expect(badRole.out).toMatch(/role/);
      const notPhoto = await vigil('add-person', 'Maple Court', 'X', 'Y', 'resident', `front=${join(dataDir, 'notes.jpg')}`);
      expect(notPhoto.code).toBe(1);
      expect(notPhoto.out).toMatch(/not a JPEG or PNG image/);
      expect((await vigil('add-person', 'Nowhere', 'X', 'Y', 'resident')).out).toMatch(/No domain "Nowhere"/);
      expect((await vigil('people', 'Maple Court')).out).toBe(before);
    }, 60_000);
  });

  describe('badge taps from a file', () => {
    it('imports an access-control export once, and refuses a file with a bad row, naming its line, importing nothing', async () => {
      const header =
        'source_id,at,access_point_id,access_point_description,camera_uuid,identity_id,name,unit,role,credential_id,credential_label,granted';
      const at = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
      const good = [
        header,
        `x-1,${at},door-1,Front door,,UNIT3-ZOE0000001,Zoe Park,3,tor,77001,,yes`,
        `x-2,${at},door-1,,,UNIT3-ZOE0000001,Zoe Park,3,tor,77001,,no`,
      ];
      writeFileSync(join(dataDir, 'taps.csv'), `${good.join('\n')}\n`);
      writeFileSync(join(dataDir, 'bad.csv'), `${[header, `x-3,${at},door-1,,,SHORT,Zoe Park,3,tor,77001,,yes`].join('\n')}\n`);
      const bad = await vigil('import-taps', 'Maple Court', join(dataDir, 'bad.csv'));
      expect(bad.code).toBe(1);
      expect(bad.out).toMatch(/nothing imported[\s\S]*line 2: identity\.id: must be a credential identity id of exactly 16/);
      expect(await vigil('import-taps', 'Maple Court', join(dataDir, 'taps.csv'))).toEqual({
        code: 0,
        out: '2 taps imported into "Maple Court".',
      });
      expect(await vigil('import-taps', 'Maple Court', join(dataDir, 'taps.csv'))).toEqual({
        code: 0,
        out: '0 taps imported into "Maple Court", 2 already there.',
      });
    }, 60_000);
  });

  describe('consent to recognition from the command line', () => {
    it('says whether a building needs consent, audits the change, and refuses bad arguments', async () => {
      expect((await vigil('consent-required', 'Maple Court')).out).toMatch(/consent-required needs <domain> on\|off/);
      expect((await vigil('consent-required', 'Nowhere', 'on')).out).toMatch(/No domain "Nowhere"/);
      const on = await vigil('consent-required', 'Maple Court', 'on');
      expect(on).toEqual({ code: 0, out: "Recognition at Maple Court needs people's consent." });
      const database = openDatabase(loadConfig({ VIGIL_DATA_DIR: dataDir }));
      try {
        const setting = await database.db.selectFrom('domain_privacy').selectAll().executeTakeFirstOrThrow();
        expect(Number(setting.consent_required)).toBe(1);
        const entries = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'changed_privacy').execute();
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({ domain_uuid: setting.domain_uuid, address: shell, user_email: shell });
        expect(JSON.parse(entries[0]!.detail!)).toEqual({ consent_required: true });
      } finally {
        await database.close();
      }
      expect((await vigil('consent-required', 'Maple Court', 'off')).out).toBe(
        "Recognition at Maple Court does not need people's consent.",
      );
    }, 60_000);
  });

  describe('erasing a person from the command line', () => {
    it('lists what would go, erases only with --yes in an operator’s name, and leaves the receipt in the audit log', async () => {
      const added = await vigil('add-person', 'Maple Court', 'Eve', 'Gone', 'resident', `front=${join(dataDir, 'front.jpg')}`);
      expect(added.code, added.out).toBe(0);
      const uuid = added.out;
      const folder = join(dataDir, 'media', 'people', uuid);
      expect(existsSync(folder)).toBe(true);

      expect((await vigil('erase-person', uuid)).out).toMatch(/erase-person needs --operator <email>/);
      expect((await vigil('erase-person', '--operator', 'dpo@vigil.example')).out).toMatch(/erase-person needs <person uuid>/);
      const dry = await vigil('erase-person', uuid, '--operator', 'dpo@vigil.example');
      expect(dry.code).toBe(1);
      expect(dry.out).toContain(`Erasing Eve Gone (${uuid}) would take away:`);
      expect(dry.out).toContain('  photos: 1');
      expect(dry.out).toContain('Nothing was erased: run again with --yes to erase them.');
      expect((await vigil('people', 'Maple Court')).out).toContain(uuid);

      // Run through sudo by alice: the receipt names the OS account and her, whatever operator name was typed.
      const erased = await vigilWith({ SUDO_USER: 'alice' }, 'erase-person', '--yes', uuid, '--operator', 'DPO@vigil.example');
      expect(erased.code, erased.out).toBe(0);
      expect(erased.out).toMatch(new RegExp(`^Erased ${uuid} at \\d{4}-[\\d-]+T[\\d:.]+Z by dpo@vigil\\.example:\\n  photos: 1\\n`));
      expect(erased.out).not.toContain('Eve');
      expect((await vigil('people', 'Maple Court')).out).not.toContain(uuid);
      expect(existsSync(folder)).toBe(false);
      expect(await vigil('erase-person', uuid, '--operator', 'dpo@vigil.example', '--yes')).toEqual({ code: 1, out: 'No such person.' });

      const database = openDatabase(loadConfig({ VIGIL_DATA_DIR: dataDir }));
      try {
        const receipts = await database.db.selectFrom('audit_log').selectAll().where('action', '=', 'erased_person').execute();
        expect(receipts).toHaveLength(1);
        expect(receipts[0]).toMatchObject({ subject: uuid, user_email: 'dpo@vigil.example', address: `${shell} (sudo by alice)` });
        expect(JSON.parse(receipts[0]!.detail!)).toMatchObject({ photos: 1, detections_confirmed: 0 });
        expect(await database.db.selectFrom('faces').select('uuid').where('uuid', '=', uuid).execute()).toEqual([]);
      } finally {
        await database.close();
      }
    }, 60_000);
  });

  describe('deployment keys from the command line', () => {
    it('makes one (the key shown once), lists it, and revokes it: the server refuses it from then on', async () => {
      const made = await vigil('add-deployment-key', 'Central', 'analyzer');
      expect(made.code, made.out).toBe(0);
      const [, id, key] =
        /^Deployment key "Central analyzer" \(([0-9a-f-]{36})\) for every building, for analyzer\.\nKey \(shown once\): (vgd_\S+)$/.exec(
          made.out,
        )!;
      const line = (state: string) =>
        new RegExp(`^${id}\tCentral analyzer\t${key!.slice(0, 10)}…\tanalyzer\t\\d{4}-[\\d-]+T[\\d:.]+Z\t${state}$`);
      const listed = await vigil('deployment-keys');
      expect(listed.out.split('\n')).toContainEqual(expect.stringMatching(line('never used\tlive')));
      expect(listed.out).not.toContain(key);

      // The server on the same data folder takes the key for every building, until it is revoked.
      const config = loadConfig({
        VIGIL_DATA_DIR: dataDir,
        VIGIL_RECORDER: 'off',
        VIGIL_DEMO_DETECTIONS: 'off',
        VIGIL_ANALYZER: 'off',
        VIGIL_LOG_LEVEL: 'silent',
      });
      const database = openDatabase(config);
      const app = await buildApp({ config, database, serveWeb: false, logger: false });
      try {
        const heartbeat = () =>
          app.inject({
            method: 'POST',
            url: '/api/ingest/v1/analyzers/heartbeat',
            headers: { authorization: `Bearer ${key}` },
            payload: { analyzer_id: 'a0000000-0000-4000-8000-000000000001', name: 'central', capacity: 32 },
          });
        const before = await heartbeat();
        expect(before.statusCode, before.body).toBe(200);
        expect(before.json<{ assignments: unknown[] }>().assignments).toHaveLength(11);

        const revoked = await vigil('revoke-deployment-key', 'Central analyzer');
        expect(revoked).toEqual({ code: 0, out: 'Revoked.' });
        expect((await vigil('deployment-keys')).out.split('\n')).toContainEqual(
          expect.stringMatching(line('[^\t]+\t\\d{4}-[\\d-]+T[\\d:.]+Z')),
        );
        expect((await heartbeat()).statusCode).toBe(401);
      } finally {
        await app.close();
        await database.close();
      }
      const again = await vigil('revoke-deployment-key', id!);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/No live deployment key/);
      expect((await vigil('add-deployment-key')).out).toMatch(/add-deployment-key needs <name>/);
    }, 60_000);

    it("makes a building's key for its purposes only, refuses unknown ones, and audits making and revoking in the shell account's name", async () => {
      expect((await vigil('add-detector', 'Maple Court', 'Readers')).out).toMatch(/--purpose/);
      expect((await vigil('add-detector', 'Maple Court', 'Readers', '--purpose', 'doors')).out).toMatch(/Unknown purpose "doors"/);
      const made = await vigil('add-detector', 'Maple Court', 'Front', 'readers', '--purpose', 'access_control');
      expect(made.code, made.out).toBe(0);
      const [, id] = /^Key "Front readers" \(([0-9a-f-]{36})\) at Maple Court, for access_control\./.exec(made.out)!;
      expect((await vigil('detectors', 'Maple Court')).out).toContain(`Front readers [access_control] (never used)`);
      expect(await vigil('revoke-detector', id!)).toEqual({ code: 0, out: 'Revoked.' });
      const database = openDatabase(loadConfig({ VIGIL_DATA_DIR: dataDir }));
      try {
        const entries = await database.db
          .selectFrom('audit_log')
          .select(['action', 'user_email', 'address'])
          .where('subject', '=', id!)
          .orderBy('seq')
          .execute();
        expect(entries.map((e) => e.action)).toEqual(['created_key', 'revoked_key']);
        for (const entry of entries) expect(entry).toMatchObject({ user_email: shell, address: shell });
        const row = await database.db
          .selectFrom('detectors')
          .select(['purposes', 'created_by'])
          .where('id', '=', id!)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ purposes: 'access_control', created_by: null });
      } finally {
        await database.close();
      }
    }, 60_000);
  });

  describe('add-building', () => {
    it('onboards a building from a domain/new payload, checked as the API checks it, with grants', async () => {
      const rows = [1, 2].map((channel) => ({
        ...newCameraRow(randomUUID()),
        manufacturer: 'Hikvision' as const,
        gpu: 'cloud' as const,
        address: '127.0.0.1',
        channel: String(channel),
        fname: String(channel),
        description: `Scripted Camera ${channel}`,
      }));
      const payload = buildOnboardingPayload(
        {
          description: 'Scripted House',
          fname: 'scripted-house',
          group: '',
          address: '2 Script Road, Sydney',
          geoloc: '-33.868800,151.209300',
          timezone: 'Australia/Sydney',
        },
        rows,
        { local: '127.0.0.1', cloud: '10.9.9.9' },
      );
      const file = join(dataDir, 'building.json');
      writeFileSync(file, JSON.stringify(payload));
      const added = await vigil('add-building', file, 'owner@scripted.example:facility-manager');
      expect(added.code, added.out).toBe(0);
      expect(added.out).toMatch(/^Building "Scripted House" \(scripted-house\) is [0-9a-f-]{36}, in Australia\/Sydney\./);
      expect(added.out).toContain('Scripted Camera 2');
      expect(added.out).toContain('owner@scripted.example holds facility-manager there.');
      expect((await vigil('users')).out).toMatch(/owner@scripted\.example .*facility-manager@/);

      // The same short name again, a bad payload, a bad grant: refused, nothing written.
      expect((await vigil('add-building', file)).out).toMatch(/short name "scripted-house" exists already/);
      writeFileSync(file, JSON.stringify({ ...payload, fname: 'other-house', geoloc: 'here' }));
      const bad = await vigil('add-building', file);
      expect(bad.code).toBe(1);
      expect(bad.out).toMatch(/^geoloc: /);
      expect((await vigil('add-building', file, 'nobody')).out).toMatch(/is not <email>:<role>/);
      expect((await vigil('add-building', file, 'someone@scripted.example:no-such-role')).out).toMatch(/is not <email>:<role>/);
      expect((await vigil('users')).out).not.toContain('other-house');
    }, 60_000);
  });

  describe('set-exit', () => {
    it("marks an exit through the API's service, audited in the shell account's name; a running server's analyzers learn of it at once", async () => {
      const HALLWAY = 'c1a00001-0000-4000-8000-00000000a003';
      const [, key] = /Key \(shown once\): (vgd_\S+)/.exec((await vigil('add-deployment-key', 'Exit watcher')).out)!;
      const config = loadConfig({
        VIGIL_DATA_DIR: dataDir,
        VIGIL_RECORDER: 'off',
        VIGIL_DEMO_DETECTIONS: 'off',
        VIGIL_ANALYZER: 'off',
        VIGIL_LOG_LEVEL: 'silent',
      });
      const database = openDatabase(config);
      const app = await buildApp({ config, database, serveWeb: false, logger: false });
      try {
        const analyzer = 'a0000000-0000-4000-8000-0000000000e9';
        const beat = await app.inject({
          method: 'POST',
          url: '/api/ingest/v1/analyzers/heartbeat',
          headers: { authorization: `Bearer ${key}` },
          payload: { analyzer_id: analyzer, name: 'exit watcher', capacity: 32 },
        });
        const { changes_version } = beat.json<{ changes_version: string }>();
        // The poll waits; the CLI, another process, wakes nobody here: the poll's look at the database finds the change.
        // On a loaded machine the CLI may take longer to start than a poll waits (25 s) or a lease lasts (30 s): a poll
        // that ends without the exit is asked again after a heartbeat (which renews the leases), as the analyzer does.
        type Changes = { changed: boolean; version: string; cameras: { camera_uuid: string; is_exit: boolean }[] };
        const sawExit = (c: Changes) => c.cameras.some((x) => x.camera_uuid === HALLWAY && x.is_exit);
        // Always asked with the version from before the change: the poll answers once what is held differs from it.
        const poll = async (left = 4): Promise<Changes> => {
          const reply = await app.inject({
            method: 'GET',
            url: `/api/ingest/v1/analyzers/changes?analyzer_id=${analyzer}&since=${changes_version}`,
            headers: { authorization: `Bearer ${key}` },
          });
          const body = reply.json<Changes>();
          if ((body.changed && sawExit(body)) || left === 1) return body;
          await app.inject({
            method: 'POST',
            url: '/api/ingest/v1/analyzers/heartbeat',
            headers: { authorization: `Bearer ${key}` },
            payload: { analyzer_id: analyzer, name: 'exit watcher', capacity: 32 },
          });
          return poll(left - 1);
        };
        const waiting = poll();
        expect(await vigil('set-exit', HALLWAY, 'on')).toEqual({ code: 0, out: `Hallway Floor 1 East (${HALLWAY}) is now an exit.` });
        const changed = await waiting;
        expect(changed.changed).toBe(true);
        expect(changed.cameras.find((c) => c.camera_uuid === HALLWAY)).toEqual({ camera_uuid: HALLWAY, is_exit: true });

        expect((await vigil('set-exit', HALLWAY, 'on')).out).toBe(`Hallway Floor 1 East (${HALLWAY}) was already an exit.`);
        expect((await vigil('set-exit', HALLWAY, 'off')).out).toBe(`Hallway Floor 1 East (${HALLWAY}) is no longer an exit.`);
        const entries = await database.db
          .selectFrom('audit_log')
          .select(['action', 'user_email', 'address', 'detail'])
          .where('camera_uuid', '=', HALLWAY)
          .orderBy('seq')
          .execute();
        expect(entries).toEqual([
          { action: 'changed_camera', user_email: shell, address: shell, detail: JSON.stringify({ change: 'exit', is_exit: true }) },
          { action: 'changed_camera', user_email: shell, address: shell, detail: JSON.stringify({ change: 'exit', is_exit: false }) },
        ]);
      } finally {
        await app.close();
        await database.close();
      }
      expect(await vigil('set-exit', 'c1a00001-0000-4000-8000-0000000000ff', 'on')).toEqual({
        code: 1,
        out: 'No camera c1a00001-0000-4000-8000-0000000000ff in service',
      });
      for (const args of [['hallway', 'on'], [HALLWAY, 'yes'], [HALLWAY]]) {
        const refused = await vigil('set-exit', ...args);
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(/set-exit needs <camera uuid> on\|off/);
      }
    }, 120_000);
  });

  it('revoke: a user left without alerting/receive_er_alerts in a building stops receiving its alerts on every device', async () => {
    const database = openDatabase(loadConfig({ VIGIL_DATA_DIR: dataDir }));
    try {
      const db = database.db;
      const nurse = await db.selectFrom('users').select('id').where('email', '=', 'nurse@maple.example').executeTakeFirstOrThrow();
      const maple = await db.selectFrom('domains').select('uuid').where('description', '=', 'Maple Court').executeTakeFirstOrThrow();
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({ token_hash: 'f'.repeat(64), user_id: nurse.id, created_at: now, expires_at: now + 3_600_000 })
        .execute();
      await db
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          user_id: nurse.id,
          domain_uuid: maple.uuid,
          session_hash: 'f'.repeat(64),
          endpoint: 'https://push.example/device-1',
          p256dh: 'p'.repeat(87),
          auth: 'a'.repeat(22),
          device_label: 'Pixel 8',
          created_at: now,
          last_sent_at: null,
        })
        .execute();
      const revoked = await vigil('revoke', 'nurse@maple.example', 'Maple Court', 'caregiver');
      expect(revoked.code).toBe(0);
      expect(revoked.out).toContain("1 of their devices no longer receive Maple Court's alerts.");
      expect(await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', nurse.id).execute()).toEqual([]);
      expect((await vigil('grant', 'nurse@maple.example', 'Maple Court', 'caregiver')).code).toBe(0);
    } finally {
      await database.close();
    }
  });
});
