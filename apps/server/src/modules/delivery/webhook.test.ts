import { WEBHOOK, outboundAlertSchema, type AuditEntry, type DeliveryLogEntry } from '@vigil/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { startWebhookReceiver, verifyVigil } from '../../../test/webhook-receiver.js';
import { cliActor } from '../audit/audit.service.js';
import { cliAudit } from '../../cli-privacy.js';
import { createRepositories } from '../../repositories.js';
import { createWebhookArea } from './webhook.wiring.js';

// Signed webhooks for nurse-call gateways (issue 37), posted by the running server to receivers on loopback: the
// receiver checks the signature as the README shows; a 500 is tried again with the same X-Vigil-Delivery, and the
// delivery log shows both tries; other refusals are not retried; the log and the audit trail never show the secret
// nor the URL's query. On SQLite and PostgreSQL.

let ctx: TestContext;
let manager: string;
let nurse: string;
let key: string;
let area: ReturnType<typeof createWebhookArea>;
const operator = cliActor('cli:root', 'cli:root');

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  key = await detectorKey(ctx, manager, MAPLE);
  // The operator's service, made as the CLI makes it (same database, same server secret, the CLI's audit writer).
  const repos = createRepositories(ctx.database, ctx.clock);
  area = createWebhookArea({
    db: ctx.database.db,
    secret: ctx.config.secret,
    deliveries: repos.deliveries,
    domains: repos.domains,
    audit: cliAudit(repos),
    clock: ctx.clock,
    broker: null,
  });
});
afterAll(() => ctx.close());

let live: { id: string }[] = [];
beforeEach(async () => {
  for (const w of live) await area.service.remove(operator, w.id).catch(() => undefined);
  live = [];
});

/** Margaret at the exit, a fresh moment each time (a new alert: the exit's repeat time is per person and camera). */
let seen = Date.now() - 3_600_000;
const raise = async (person = MARGARET) => {
  seen += 300_000;
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    headers: bearer(key),
    payload: {
      faces: [
        {
          camera_uuid: EXIT,
          captured_at: new Date(seen).toISOString(),
          frontend_face_uuid: person,
          confidence: 0.95,
          box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
        },
      ],
    },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  expect(reply.json<{ elopement_alerts: number }>().elopement_alerts).toBe(1);
  return Date.now();
};
const deliveryLog = async (token = manager, query = `domain_uuid=${MAPLE}&channel=webhook`) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/alerts/deliveries?${query}`, headers: bearer(token) });
const logged = async () => {
  const reply = await deliveryLog();
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ deliveries: DeliveryLogEntry[] }>().deliveries;
};
const add = async (url: string, description = 'Nurse call') => {
  const made = await area.service.add(operator, MAPLE, url, description);
  live.push(made.webhook);
  return made;
};

describe('webhooks', () => {
  it('posts each step as signed JSON: the README’s check passes, a 500 is retried with the same delivery id, the log shows both tries', async () => {
    const receiver = await startWebhookReceiver((n) => (n === 0 ? 500 : 200));
    try {
      const { webhook, secret } = await add(`${receiver.url}/hooks/vigil?token=gateway-token-123`);
      expect(secret).toMatch(/^vwhsec_[A-Za-z0-9_-]{43}$/);
      expect(webhook.url).toBe(`${receiver.url}/hooks/vigil`);
      const repliedAt = await raise();
      await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(2);
      const [first, second] = receiver.requests;
      if (process.env.VIGIL_TEST_FIGURES) console.log(`[figure] ingest reply -> webhook request: ${first!.at - repliedAt} ms`);
      for (const request of [first!, second!]) {
        expect(request.method).toBe('POST');
        expect(request.path).toBe('/hooks/vigil?token=gateway-token-123');
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['x-vigil-event']).toBe('raised');
        expect(verifyVigil(secret, request.headers, request.body)).toBe(true);
      }
      // The same delivery, tried again: a receiver de-duplicates by X-Vigil-Delivery (and the body's delivery_id).
      expect(second!.headers['x-vigil-delivery']).toBe(first!.headers['x-vigil-delivery']);
      const body = outboundAlertSchema.parse(JSON.parse(second!.body.toString('utf8')));
      expect(body).toMatchObject({
        event_type: 'raised',
        delivery_id: first!.headers['x-vigil-delivery'],
        building: 'Maple Court',
        person_name: 'Margaret Hill',
        exit: 'Front Entrance Outdoor',
        tier: 0,
        state: 'raised',
      });
      expect(second!.body.toString()).not.toMatch(/https?:|data:|\/media\//);
      // Not the README's check with another secret, another body, or an old timestamp.
      expect(verifyVigil(`${secret}x`, second!.headers, second!.body)).toBe(false);
      expect(verifyVigil(secret, second!.headers, Buffer.concat([second!.body, Buffer.from(' ')]))).toBe(false);
      const old = {
        ...second!.headers,
        'x-vigil-timestamp': String(Number(second!.headers['x-vigil-timestamp']) - WEBHOOK.toleranceSeconds - 1),
      };
      expect(verifyVigil(secret, old, second!.body)).toBe(false);

      await expect.poll(async () => (await logged())[0]?.status).toBe('sent');
      const [entry] = await logged();
      expect(entry).toMatchObject({
        id: first!.headers['x-vigil-delivery'],
        channel: 'webhook',
        target: webhook.id,
        target_label: `${receiver.url}/hooks/vigil (Nurse call)`,
        alert_id: body.alert_id,
        step: 'raised',
        status: 'sent',
        attempts: 2,
        last_status: 200,
      });
      expect(entry!.tries.map((t) => [t.status_code, t.error])).toEqual([
        [500, 'HTTP 500: answered 500'],
        [200, null],
      ]);
      expect(entry!.tries.every((t) => t.duration_ms >= 0 && !Number.isNaN(Date.parse(t.at)))).toBe(true);
      const raw = (await deliveryLog()).body;
      expect(raw).not.toContain('gateway-token-123');
      expect(raw).not.toContain(secret);
    } finally {
      await receiver.close();
    }
  });

  it('fails a delivery for good on another refusal (404, 410) without retrying, and keeps the webhook', async () => {
    const gone = await startWebhookReceiver(() => 410);
    const fine = await startWebhookReceiver(() => 204);
    try {
      const { webhook } = await add(`${gone.url}/gone`);
      await add(`${fine.url}/ok`);
      await raise(WALTER);
      await expect.poll(async () => (await logged()).filter((e) => e.target === webhook.id)[0]?.status).toBe('failed');
      const failed = (await logged()).find((e) => e.target === webhook.id)!;
      expect(failed).toMatchObject({ attempts: 1, last_status: 410, next_attempt_at: null });
      expect(gone.requests).toHaveLength(1);
      await expect.poll(() => fine.requests.length).toBe(1);
      expect((await area.service.list(MAPLE)).map((w) => w.id)).toContain(webhook.id);
    } finally {
      await gone.close();
      await fine.close();
    }
  });

  it('shows the log to holders of alerting/edit in the building only, and checks its query', async () => {
    expect((await deliveryLog(nurse)).statusCode).toBe(403);
    const mapleOnly = await ctx.access.ensureUser('maple.only@maple.example', 'Maple Only');
    await ctx.access.grant(mapleOnly.id, MAPLE, 'facility-manager');
    const mapleManager = await ctx.signIn('maple.only@maple.example');
    expect((await deliveryLog(mapleManager)).statusCode).toBe(200);
    expect((await deliveryLog(mapleManager, `domain_uuid=${BIRCH}`)).statusCode).toBe(403);
    expect((await deliveryLog(manager, `domain_uuid=${MAPLE}&channel=carrier-pigeon`)).statusCode).toBe(400);
    expect((await deliveryLog(manager, `domain_uuid=${MAPLE}&limit=0`)).statusCode).toBe(400);
    expect((await deliveryLog(manager, 'domain_uuid=nope')).statusCode).toBe(400);
    const all = await deliveryLog(manager, `domain_uuid=${MAPLE}&limit=500`);
    expect(all.statusCode).toBe(200);
  });

  it('refuses an address that is not http(s) or holds a password, and audits each change with the host only', async () => {
    await expect(area.service.add(operator, MAPLE, 'ftp://files.example/x')).rejects.toThrow(
      'A webhook must be an http:// or https:// URL.',
    );
    await expect(area.service.add(operator, MAPLE, 'https://user:pw@gateway.example/x')).rejects.toThrow(/may not hold a user or password/);
    await expect(area.service.add(operator, '00000000-0000-4000-8000-000000000000', 'https://gateway.example/x')).rejects.toThrow(
      /No building/,
    );
    const { webhook } = await add('https://gateway.example/hooks/secret-path?token=abc', 'Ward 2');
    const row = await ctx.database.db.selectFrom('webhooks').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    await area.service.remove(operator, webhook.id);
    await expect(area.service.remove(operator, webhook.id)).rejects.toThrow(/No webhook/);
    const entries = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/audit?domain_uuid=${MAPLE}&action=changed_webhook`, headers: bearer(manager) })
    )
      .json<{ entries: AuditEntry[] }>()
      .entries.filter((e) => e.subject === webhook.id);
    expect(entries.map((e) => [e.detail.change, e.detail.host, e.address])).toEqual([
      ['removed', 'gateway.example', 'cli:root'],
      ['added', 'gateway.example', 'cli:root'],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/secret-path|token|vwhsec/);
  });
});
