import { randomUUID } from 'node:crypto';
import type { AccessEventsReply, AuditEntry, CredentialReportReply, CredentialsReply, IngestTapInput } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { BIRCH_RECEPTION, EXIT, MARGARET } from '../../../test/demo-ids.js';
import { pdfText } from './pdf-text.fixture.js';

let ctx: TestContext;
let manager: string;
let caregiver: string;
let birchOnly: string;
let key: string;
const T0 = Date.now() - 10 * 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  caregiver = await ctx.signIn('nurse@maple.example');
  const user = await ctx.access.ensureUser('admin@birch.example', 'Bea Birch');
  await ctx.access.grant(user.id, BIRCH, 'facility-manager');
  birchOnly = await ctx.signIn('admin@birch.example');
  key = await detectorKey(ctx, manager, MAPLE, 'door controller');
  // Two faces of one person at the door just after Anna's tap (one passage), and someone else 4 s later. Sent before
  // the taps: the server's evaluator looks at a tap once, as soon as its window has passed (long ago here).
  const faces = [face(FACE_A1, T0 + 1_000, 3), face(FACE_A2, T0 + 1_500, 3, 0.1), face(FACE_OTHER, T0 + 4_000, 40)];
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(key), payload: { faces } });
  expect(reply.statusCode, reply.body).toBe(200);
});
afterAll(() => ctx.close());

/** Until the server's evaluator has looked at every tap (reads never evaluate). */
const evaluated = () =>
  vi.waitFor(
    async () =>
      expect(await ctx.database.db.selectFrom('access_events').select('source_id').where('evaluated_at', 'is', null).execute()).toEqual([]),
    { timeout: 30_000, interval: 100 },
  );

const HOLDER = 'UNIT12B-ANNA0001';
const COTENANT = 'UNIT12B-BOB00002';

const tap = (over: Omit<Partial<IngestTapInput>, 'at'> & { at: number; source_id: string }): IngestTapInput => ({
  access_point: { id: 'front-door', description: 'Front Entrance door', camera_uuid: EXIT },
  identity: { id: HOLDER, name: 'ANNA KOWALSKI', unit: '12B', role: 'tor' },
  credential: { id: '0004412345' },
  ...over,
  at: new Date(over.at).toISOString(),
});
const sendTaps = (taps: unknown[], token = key, domain: string = MAPLE) =>
  ctx.app.inject({ method: 'POST', url: `/api/ingest/v1/access-events?domain_uuid=${domain}`, headers: bearer(token), payload: { taps } });

/** A 64-number embedding pointing mostly along `axis`, base64 as the ingest API takes it. */
const embedding = (axis: number, wobble = 0): string => {
  const v = new Float32Array(64);
  v[axis] = 1;
  v[(axis + 1) % 64] = wobble;
  return Buffer.from(v.buffer).toString('base64');
};
const face = (id: string, at: number, axis: number, wobble = 0) => ({
  runtime_face_uuid: id,
  camera_uuid: EXIT,
  captured_at: new Date(at).toISOString(),
  frontend_face_uuid: null,
  confidence: 0.3,
  face_confidence: 0.97,
  embedding: embedding(axis, wobble),
  embedder: 'test-embedder-1',
});
const count = async (table: 'access_events' | 'badge_identities' | 'badge_credentials' | 'access_points') =>
  Number(
    (
      await ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const get = <T>(url: string, token = manager) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  });
const identity = async (id: string) =>
  (await get<CredentialsReply>(`/api/faces/v1/credentials?domain_uuid=${MAPLE}`)).identities.find((i) => i.identityId === id)!;
const events = (id = HOLDER, view = 'all') =>
  get<AccessEventsReply>(`/api/faces/v1/credentials/${id}/access-events?domain_uuid=${MAPLE}&view=${view}`);
const saveTags = (tags: unknown[], method: 'POST' | 'DELETE' = 'POST', token = manager) =>
  ctx.app.inject({ method, url: `/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}`, headers: bearer(token), payload: tags as object });

const FACE_A1 = randomUUID();
const FACE_A2 = randomUUID();
const FACE_OTHER = randomUUID();

describe('badge taps in', () => {
  it("refuses a missing or made-up key (401), malformed taps and another building's camera (400), writing nothing", async () => {
    const good = tap({ at: T0, source_id: 'tap-0' });
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
      payload: { taps: [good] },
    });
    expect(noKey.statusCode).toBe(401);
    expect((await sendTaps([good], `vgd_${'x'.repeat(43)}`)).statusCode).toBe(401);
    expect((await sendTaps([good], manager)).statusCode).toBe(401);
    for (const bad of [
      { ...good, identity: { ...good.identity, id: 'SHORT' } },
      { ...good, at: 'yesterday' },
      { ...good, source_id: '' },
      { ...good, access_point: { ...good.access_point, camera_uuid: BIRCH_RECEPTION } },
      { ...good, at: new Date(Date.now() + 3600_000).toISOString() },
    ]) {
      const reply = await sendTaps([good, bad]);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
      expect(reply.json()).toMatchObject({ ok: false, statusCode: 400 });
    }
    // A key of this building sending for another one.
    expect((await sendTaps([good], key, BIRCH)).statusCode).toBe(403);
    for (const table of ['access_events', 'badge_identities', 'badge_credentials', 'access_points'] as const)
      expect(await count(table)).toBe(0);
  });

  it('stores taps once (a retried source_id is a duplicate) with their identities, credentials and access point', async () => {
    const taps = [
      tap({ at: T0, source_id: 'tap-1' }),
      tap({
        at: T0 + 60_000,
        source_id: 'tap-2',
        identity: { id: COTENANT, name: 'BOB KOWALSKI', unit: '12B', role: 'cotenant' },
        credential: { id: '0004499999' },
      }),
    ];
    expect((await sendTaps(taps)).json()).toEqual({ ok: true, accepted: 2, duplicates: 0 });
    expect((await sendTaps(taps)).json()).toEqual({ ok: true, accepted: 0, duplicates: 2 });
    expect(await count('access_events')).toBe(2);
    expect(await count('badge_identities')).toBe(2);
  });
});

describe('the badge list and detail', () => {
  beforeAll(evaluated);

  it("lists identities with their co-tenants; a tap's door faces count once its window has passed", async () => {
    const anna = await identity(HOLDER);
    expect(anna).toMatchObject({
      name: 'ANNA KOWALSKI',
      unit: '12B',
      role: 'tor',
      total: 1,
      matched: 0,
      nullMatched: 0,
      wellTrained: false,
    });
    expect(anna.cotenants).toEqual([{ identityId: COTENANT, name: 'BOB KOWALSKI', role: 'cotenant' }]);
    expect(anna.credentials).toEqual([{ credential_uuid: expect.any(String), label: '••••2345' }]);
    // Bob's tap a minute later had nobody at the door.
    expect(await identity(COTENANT)).toMatchObject({ total: 1, nullMatched: 1, matchRatio: 0 });
    const { events: list } = await events();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ accessPointDescription: 'Front Entrance door', cameraUUID: EXIT, passages: 2, matched: false });
    expect(list[0]!.detections.map((d) => d.detectionId).sort()).toEqual([FACE_A1, FACE_A2, FACE_OTHER].sort());
    // Nothing is known of Anna's face yet: no confidence against her.
    expect(list[0]!.detections.every((d) => d.matchConfidences === null && d.matchConfidenceLabel === null && !d.verified)).toBe(true);
  });

  it('confirming a face makes the tap a verified match, and alike faces High; deselecting it rejects it (WRONG_PERSON)', async () => {
    const tapUuid = (await events()).events[0]!.uuid;
    const confirm = await saveTags([{ access_event_uuid: tapUuid, detection_id: FACE_A1, identity_id: HOLDER, rejected: false }]);
    expect(confirm.json(), confirm.body).toEqual({ ok: true, saved: 1 });
    const after = (await events()).events[0]!;
    const byId = new Map(after.detections.map((d) => [d.detectionId, d]));
    expect(byId.get(FACE_A1)).toMatchObject({ verified: true, confirmed: true });
    expect(byId.get(FACE_A1)!.score).toBeGreaterThan(2);
    // The confirmed face is now one of Anna's own: the same person a moment later is High against her.
    expect(byId.get(FACE_A2)!.matchConfidenceLabel).toBe('High');
    expect(byId.get(FACE_OTHER)!.matchConfidenceLabel).toBe(null);
    expect(after).toMatchObject({ matched: true, lastVerifiedBy: 'manager@maple.example', lastVerifiedTenantDescription: 'ANNA KOWALSKI' });
    expect(await identity(HOLDER)).toMatchObject({ matched: 1, matchRatio: 1, images_tagged: 1 });
    const tags = await get<{ tags: Record<string, unknown[]> }>(`/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}&identity_id=${HOLDER}`);
    expect(tags.tags[HOLDER]).toHaveLength(1);

    // Saved again with FACE_A1 deselected: the modal sends it rejected.
    const reject = await saveTags([
      { access_event_uuid: tapUuid, detection_id: FACE_A1, identity_id: HOLDER, rejected: true, rejected_for: 'WRONG_PERSON' },
    ]);
    expect(reject.statusCode, reject.body).toBe(200);
    const rejected = (await events()).events[0]!;
    expect(rejected.detections.find((d) => d.detectionId === FACE_A1)).toMatchObject({ verified: false, confirmed: false });
    expect(rejected.matched).toBe(false);
    expect(await identity(HOLDER)).toMatchObject({ matched: 0, matchRatio: 0, images_tagged: 0 });
    expect(
      (await get<{ tags: Record<string, unknown[]> }>(`/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}&identity_id=${HOLDER}`)).tags[
        HOLDER
      ],
    ).toEqual([]);
    // An empty list is fine and changes nothing.
    expect((await saveTags([])).json()).toEqual({ ok: true, saved: 0 });
    // Each save is in the audit trail: who, which tap, how many confirmed and rejected.
    const audit = await get<{ entries: AuditEntry[] }>(`/api/v1/audit?domain_uuid=${MAPLE}&action=tagged_badge`);
    expect(audit.entries.map((e) => [e.subject, e.user_email, e.detail.confirmed, e.detail.rejected])).toEqual([
      [tapUuid, 'manager@maple.example', 0, 1],
      [tapUuid, 'manager@maple.example', 1, 0],
    ]);
  });

  it('refuses tags without keycard/edit, for faces not seen at the door, and for another building', async () => {
    const tapUuid = (await events()).events[0]!.uuid;
    const tag = { access_event_uuid: tapUuid, detection_id: FACE_A2, identity_id: HOLDER, rejected: false };
    expect((await saveTags([tag], 'POST', caregiver)).statusCode).toBe(403);
    expect((await saveTags([{ ...tag, detection_id: randomUUID() }])).statusCode).toBe(400);
    expect((await saveTags([{ ...tag, identity_id: 'NOBODY0000000000' }])).statusCode).toBe(404);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/faces/v1/confirmed_tags?domain_uuid=${BIRCH}`,
      headers: bearer(birchOnly),
      payload: [tag],
    });
    expect(foreign.statusCode).toBe(404);
    for (const url of [
      `/api/faces/v1/credentials?domain_uuid=${MAPLE}`,
      `/api/faces/v1/credentials/${HOLDER}/access-events?domain_uuid=${MAPLE}`,
      `/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&identity_id=${HOLDER}&format=pdf`,
    ])
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(birchOnly) })).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/faces/v1/credentials/${HOLDER}/access-events?domain_uuid=${BIRCH}`,
          headers: bearer(birchOnly),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("leaves out faces without a picture when the building's credentials_hide_no_image preference is on", async () => {
    // These faces came without a crop, and no recording holds their moment: no picture.
    expect((await events()).events[0]!.detections.every((d) => d.imageUrl === null)).toBe(true);
    const stored = (await ctx.database.db.selectFrom('domains').select('preferences').where('uuid', '=', MAPLE).executeTakeFirstOrThrow())
      .preferences;
    const prefs = async (value: string) =>
      ctx.database.db.updateTable('domains').set({ preferences: value }).where('uuid', '=', MAPLE).execute();
    await prefs(JSON.stringify({ ...JSON.parse(stored), credentials_hide_no_image: true }));
    try {
      const tap = (await events()).events[0]!;
      expect(tap.detections).toEqual([]);
      expect(tap.moreDetections).toBe(false);
    } finally {
      await prefs(stored);
    }
    expect((await events()).events[0]!.detections).toHaveLength(3);
  });

  it('the tenant report is a PDF that names the holder, unit and match ratio', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&identity_id=${HOLDER}&format=pdf`,
      headers: bearer(manager),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain(`tenant-report-${HOLDER}.pdf`);
    const text = await pdfText(reply.rawPayload);
    expect(text).toContain('Tenant Report: ANNA KOWALSKI');
    expect(text).toContain('Unit 12B');
    expect(text).toContain('Match ratio 0%');
    expect(text).toContain('Front Entrance door');
    const unit = await ctx.app.inject({
      method: 'GET',
      url: `/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&unit=12B&format=pdf`,
      headers: bearer(manager),
    });
    const unitText = await pdfText(unit.rawPayload);
    expect(unitText).toContain('ANNA KOWALSKI');
    expect(unitText).toContain('BOB KOWALSKI');
  });

  it("the building's mismatch report lists the tap whose door faces are not the holder", async () => {
    const report = await get<CredentialReportReply>(`/api/faces/v1/credentials/report?domain_uuid=${MAPLE}`);
    expect(report.report.metadata).toMatchObject({ title: 'Credential Mismatch', kind: 'credential_mismatch', rows: 1 });
    expect(report.report.values[0]).toMatchObject({
      holder: { text: 'ANNA KOWALSKI', href: `/credential/${HOLDER}` },
      people: 2,
      unit: '12B',
    });
  });
});

describe('a badge holder who is in the registry', () => {
  const BADGE = 'MAPLEMARGARET001';
  const CARD = '0007700001';
  const FACE_M = randomUUID();
  const T1 = T0 + 5 * 60_000;
  let trainer: string;
  beforeAll(async () => {
    // Margaret's card in the registry is the badge's credential: the identity is linked to her.
    await ctx.database.db.updateTable('faces').set({ card: CARD }).where('uuid', '=', MARGARET).execute();
    const identity = { id: BADGE, name: 'MARGARET WHITE', unit: '3', role: 'tor' as const };
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/batch',
      headers: bearer(key),
      payload: { faces: [face(FACE_M, T1 + 1_000, 7)] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await sendTaps([tap({ at: T1, source_id: 'tap-m1', identity, credential: { id: CARD } })])).statusCode).toBe(200);
    await evaluated();
    // Her answers train the registry only from someone who may train its models (faces/train_model; staff hold every operation).
    trainer = await ctx.signIn('staff@vigil.example');
  });
  const detection = () =>
    ctx.database.db
      .selectFrom('face_detections')
      .select(['frontend_face_uuid', 'match_confirmed'])
      .where('runtime_face_uuid', '=', FACE_M)
      .executeTakeFirstOrThrow();
  const answers = async () =>
    (
      await ctx.database.db
        .selectFrom('face_reviews')
        .select(['frontend_face_uuid', 'answer'])
        .where('runtime_face_uuid', '=', FACE_M)
        .where('kind', '=', 'match')
        .orderBy('seq')
        .execute()
    ).map((r) => [r.frontend_face_uuid, r.answer === null ? null : Number(r.answer)]);

  it("confirming her face at a tap (with faces/train_model) answers for her registry person too (the training tool's answer); rejecting it says it is not her", async () => {
    const tapUuid = (await events(BADGE)).events[0]!.uuid;
    const tag = { access_event_uuid: tapUuid, detection_id: FACE_M, identity_id: BADGE };
    expect((await saveTags([{ ...tag, rejected: false }], 'POST', trainer)).statusCode).toBe(200);
    expect(await detection()).toEqual({ frontend_face_uuid: MARGARET, match_confirmed: 1 });
    expect(await answers()).toEqual([[MARGARET, 1]]);

    expect((await saveTags([{ ...tag, rejected: true, rejected_for: 'WRONG_PERSON' }], 'POST', trainer)).statusCode).toBe(200);
    // As a 'not her' in the training tool: the match stays shown, rejected (DECISIONS.md), and no model trains on it as hers.
    expect(await detection()).toEqual({ frontend_face_uuid: MARGARET, match_confirmed: 0 });
    expect(await answers()).toEqual([
      [MARGARET, 1],
      [MARGARET, 0],
    ]);
    // Removing the tag says nothing about the face: the registry's answers stay.
    expect((await saveTags([{ ...tag, rejected: true, rejected_for: 'WRONG_PERSON' }], 'DELETE', trainer)).statusCode).toBe(200);
    expect(await answers()).toHaveLength(2);
  });
});
