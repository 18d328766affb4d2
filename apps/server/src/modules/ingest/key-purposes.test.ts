import { randomUUID } from 'node:crypto';
import { KEY_CALLS, keyMayCall, type KeyCall, type KeyPurpose } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../test/demo-ids.js';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { createAudit } from '../audit/audit.wiring.js';
import { CamerasRepository } from '../video/cameras.repository.js';
import { DetectorsRepository } from './detectors.repository.js';
import { DetectorsService } from './detectors.service.js';

// Every machine route against every kind of key (issue 36): a building key of each purpose, a deployment key of each
// purpose, a revoked key and another building's key. A call outside a key's purposes is refused with 403 before its
// body is read, and the refusal carries nothing of the gallery (SQLite, or PostgreSQL with VIGIL_TEST_DATABASE_URL).

let ctx: TestContext;
let manager: string;
let deployment: DetectorsService;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  // The CLI's code path (npm run vigil -- add-deployment-key): the service on the database, no session.
  deployment = new DetectorsService(
    ctx.database.db,
    new DetectorsRepository(ctx.database.db),
    ctx.clock,
    createAudit({ audit: new AuditRepository(ctx.database.db), cameras: new CamerasRepository(ctx.database.db), clock: ctx.clock }),
  );
});
afterAll(() => ctx.close());

const now = () => new Date(ctx.clock.now() - 1000).toISOString();

/** One request per machine call, each valid for Maple Court, so only the key decides the answer. */
const CALLS: Record<KeyCall, () => { method: 'GET' | 'POST'; url: string; payload?: object }> = {
  batch: () => ({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    payload: {
      events: [{ source_id: randomUUID(), camera_uuid: EXIT, started_at: now(), objects: [{ name: 'person', confidence: 0.9 }] }],
    },
  }),
  access_events: () => ({
    method: 'POST',
    url: `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
    payload: {
      taps: [
        {
          source_id: randomUUID(),
          at: now(),
          access_point: { id: 'matrix-door', description: 'Matrix door' },
          identity: { id: 'MATRIX00-KEY0001', name: 'MATRIX TENANT', unit: '1A' },
          credential: { id: '0009990001' },
        },
      ],
    },
  }),
  heartbeat: () => ({
    method: 'POST',
    url: '/api/ingest/v1/analyzers/heartbeat',
    payload: { analyzer_id: randomUUID(), name: 'matrix analyzer', capacity: 0, cameras: [] },
  }),
  // An analyzer id no key has sent a heartbeat with: an allowed key gets 404 at once (no wait), a refused one 403.
  changes: () => ({ method: 'GET', url: `/api/ingest/v1/analyzers/changes?analyzer_id=${randomUUID()}` }),
  gallery: () => ({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}` }),
  // No model of this id: an allowed key gets 404, a refused one 403.
  model: () => ({ method: 'GET', url: `/api/ingest/v1/model?domain_uuid=${MAPLE}&uuid=${randomUUID()}` }),
  photo_embeddings: () => ({
    method: 'POST',
    url: '/api/ingest/v1/gallery/embeddings',
    // A photo the registry does not hold: an allowed key is answered without storing it.
    payload: { domain_uuid: MAPLE, embedder: 'matrix:test', photos: [{ image_uuid: randomUUID(), embedding: 'AAAAAAAAAAA=' }] },
  }),
};

const call = (key: string, name: KeyCall) => {
  const request = CALLS[name]();
  return ctx.app.inject({ ...request, headers: bearer(key) });
};

/** A refusal is only the error: no people, photos, links or prototypes. */
function expectBareRefusal(reply: { statusCode: number; body: string; json: () => unknown }, status: number | number[]) {
  expect([status].flat(), reply.body).toContain(reply.statusCode);
  const body = reply.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'ok', 'statusCode']);
  expect(reply.body).not.toMatch(/people|photos|prototypes|sig=|\/media\//);
}

const PURPOSES: KeyPurpose[] = ['analyzer', 'detector', 'access_control'];

describe('a building key', () => {
  for (const purpose of PURPOSES)
    for (const name of Object.keys(CALLS) as KeyCall[]) {
      const allowed = keyMayCall([purpose], name);
      it(`for ${purpose} ${allowed ? 'may' : 'may not'} make the ${name} call`, async () => {
        const key = await detectorKey(ctx, manager, MAPLE, `matrix ${purpose} ${name}`, [purpose]);
        const reply = await call(key, name);
        if (!allowed) {
          expectBareRefusal(reply, 403);
          expect(reply.json<{ error: string }>().error).toMatch(/^This key is for /);
        } else expect([200, 404], reply.body).toContain(reply.statusCode);
      });
    }

  it('revoked, is refused every call with 401', async () => {
    const key = await detectorKey(ctx, manager, MAPLE, 'matrix revoked', PURPOSES);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${MAPLE}`, headers: bearer(manager) });
    const row = list.json<{ detectors: { id: string; key_prefix: string }[] }>().detectors.find((d) => key.startsWith(d.key_prefix))!;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/ingest/v1/detectors/${row.id}`, headers: bearer(manager) })).statusCode,
    ).toBe(200);
    for (const name of Object.keys(CALLS) as KeyCall[]) expectBareRefusal(await call(key, name), 401);
  });

  it("of another building, with every purpose, gets nothing of this building's (403)", async () => {
    const key = await detectorKey(ctx, manager, BIRCH, 'matrix birch', PURPOSES);
    for (const name of ['access_events', 'gallery', 'model', 'photo_embeddings'] as KeyCall[])
      expectBareRefusal(await call(key, name), 403);
    // A batch naming this building's camera is bad input for that key (the camera is not in its building).
    expectBareRefusal(await call(key, 'batch'), [400, 403]);
    // Its heartbeat is its own building's business: no Maple camera is ever assigned to it.
    const beat = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/analyzers/heartbeat',
      headers: bearer(key),
      payload: { analyzer_id: randomUUID(), name: 'birch analyzer', capacity: 64, cameras: [] },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    const assigned = beat.json<{ assignments: { domain_uuid: string }[] }>().assignments;
    expect(assigned.every((c) => c.domain_uuid === BIRCH)).toBe(true);
  });
});

describe('a deployment key', () => {
  for (const purpose of PURPOSES)
    it(`for ${purpose} makes only the calls its purpose allows, in every building`, async () => {
      const { key } = await deployment.issueDeploymentKey(`matrix deployment ${purpose}`, [purpose]);
      for (const name of Object.keys(CALLS) as KeyCall[]) {
        const reply = await call(key, name);
        if (keyMayCall([purpose], name)) expect([200, 404], `${name}: ${reply.body}`).toContain(reply.statusCode);
        else expectBareRefusal(reply, 403);
      }
    });

  it('revoked, is refused every call with 401', async () => {
    const { key, row } = await deployment.issueDeploymentKey('matrix deployment revoked', PURPOSES);
    expect(await deployment.revokeDeploymentKeys({ id: row.id })).toBe(1);
    for (const name of Object.keys(CALLS) as KeyCall[]) expectBareRefusal(await call(key, name), 401);
  });
});

describe('the calls', () => {
  it('each belong to at least one purpose, and taps to access control alone', () => {
    for (const purposes of Object.values(KEY_CALLS)) expect(purposes.length).toBeGreaterThan(0);
    expect(KEY_CALLS.access_events).toEqual(['access_control']);
  });
});

describe('making keys', () => {
  const make = (token: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/detectors',
      headers: bearer(token),
      payload: { domain_uuid: MAPLE, ...payload },
    });

  it('refuses a key without purposes, with an unknown one or one twice, and makes nothing', async () => {
    const count = async () => (await ctx.database.db.selectFrom('detectors').select('id').execute()).length;
    const before = await count();
    for (const purposes of [undefined, [], ['gallery'], ['detector', 'detector'], ['analyzer', 'detector', 'access_control', 'analyzer']]) {
      const reply = await make(manager, { name: 'bad purposes', ...(purposes && { purposes }) });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(/purposes/);
    }
    expect(await count()).toBe(before);
  });

  it('gives a machine no more than its maker may see: an analyzer key needs faces/find_all, an access-control key keycard/edit', async () => {
    const user = await ctx.access.ensureUser('alert-admin@maple.example', 'Alert Admin');
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'alert-admin', description: 'Alert settings only', operations: { alerting: ['edit'] } }),
    );
    await ctx.access.grant(user.id, MAPLE, 'alert-admin');
    const token = await ctx.signIn('alert-admin@maple.example');
    const analyzer = await make(token, { name: 'not mine to give', purposes: ['analyzer'] });
    expect(analyzer.statusCode).toBe(403);
    expect(analyzer.json<{ error: string }>().error).toBe('A key for analyzer needs faces/find_all in this building.');
    const taps = await make(token, { name: 'not mine either', purposes: ['detector', 'access_control'] });
    expect(taps.statusCode).toBe(403);
    expect(taps.json<{ error: string }>().error).toBe('A key for access control needs keycard/edit in this building.');
    expect((await make(token, { name: 'a detector', purposes: ['detector'] })).statusCode).toBe(200);
  });

  it('lists each key with its purposes, who made it and its last use, and audits making and revoking it', async () => {
    const made = await make(manager, { name: 'Front door readers', purposes: ['access_control'] });
    expect(made.statusCode, made.body).toBe(200);
    const { detector, key } = made.json<{ detector: { id: string }; key: string }>();
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${MAPLE}`, headers: bearer(manager) }))
        .json<{ detectors: Record<string, unknown>[] }>()
        .detectors.find((d) => d.id === detector.id)!;
    expect(await listed()).toMatchObject({
      name: 'Front door readers',
      purposes: ['access_control'],
      purposes_origin: 'chosen',
      deployment: false,
      created_by: 'manager@maple.example',
      last_used_at: null,
      revoked_at: null,
    });
    // A refused call is a use too: the list tells that the key is out there, trying.
    expect((await call(key, 'gallery')).statusCode).toBe(403);
    expect((await listed()).last_used_at).not.toBeNull();
    expect((await call(key, 'access_events')).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/ingest/v1/detectors/${detector.id}`, headers: bearer(manager) })).statusCode,
    ).toBe(200);
    expect((await listed()).revoked_at).not.toBeNull();

    const audit = await ctx.app.inject({ method: 'GET', url: `/api/v1/audit?domain_uuid=${MAPLE}`, headers: bearer(manager) });
    const entries = audit.json<{ entries: { action: string; subject: string; user_email: string; detail: Record<string, unknown> }[] }>()
      .entries;
    const mine = entries.filter((e) => e.subject === detector.id);
    expect(mine.map((e) => e.action).sort()).toEqual(['created_key', 'revoked_key']);
    for (const entry of mine) {
      expect(entry.user_email).toBe('manager@maple.example');
      expect(entry.detail).toMatchObject({ name: 'Front door readers', purposes: 'access_control', kind: 'building' });
    }
    expect(audit.body).not.toContain(key);
    expect(audit.body).not.toContain(key.slice(10));
  });
});
