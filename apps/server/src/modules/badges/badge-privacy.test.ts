import { randomUUID } from 'node:crypto';
import type { AccessEventsReply, AuditEntry, CredentialReportReply, CredentialsReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { pdfText } from './pdf-text.fixture.js';

// What the badge pages show of the faces registry, and what a tag teaches it (issue 36, DECISIONS.md "Registry data
// outside the faces pages"): with the keycard operations, what the access-control system knows and the door faces; a
// linked registry person's name, photo and record only with the faces operations (residents only without find_all).
// A tag is a training answer only from someone who also holds faces/train_model.

let ctx: TestContext;
let manager: string;
/** keycard/view_all and edit, no faces operation */
let keycardOnly: string;
/** keycard/view_all with faces/find_resident */
let residentsOnly: string;
/** keycard/view_all with faces/find_all */
let findAll: string;
/** keycard/view_all and edit with faces/find_all and train_model */
let trainer: string;
let rita = '';
let eve = '';
const T0 = Date.now() - 30 * 60_000;
const RITA = { id: 'PRIV-RITA-000001', name: 'RITA BADGE' };
const EVE = { id: 'PRIV-EVE-0000001', name: 'EVE BADGE' };
const VISITOR = { id: 'PRIV-VISIT-00001', name: 'VISITOR BADGE' };
const FACE = { rita: randomUUID(), eve: randomUUID(), eveAtVisitor: randomUUID(), ritaAtVisitor: randomUUID() };

async function userWith(email: string, operations: Record<string, string[]>): Promise<string> {
  const role = `test-${randomUUID()}`;
  await ctx.transaction((trx) => ctx.access.defineRole(trx, { name: role, description: role, operations }));
  const user = await ctx.access.ensureUser(email, email);
  await ctx.access.grant(user.id, MAPLE, role);
  return ctx.signIn(email);
}

const person = async (first: string, role: 'resident' | 'employee', card: string) => {
  const face_info = {
    first_name: first,
    last_name: 'Registry',
    role,
    gender: 'female',
    complexion: 'Other',
    card,
    ...(role === 'resident' && { elopement_risk: false }),
    images: { add: [{ orientation: 'front', data: (await jpegBytes(120)).toString('base64') }] },
  };
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v6/faces',
    headers: bearer(manager),
    payload: { domain_uuid: MAPLE, face_info },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
};
const face = (id: string, at: number, axis: number, named: string | null = null) => {
  const v = new Float32Array(64);
  v[axis] = 1;
  return {
    runtime_face_uuid: id,
    camera_uuid: EXIT,
    captured_at: new Date(at).toISOString(),
    frontend_face_uuid: named,
    confidence: named ? 0.95 : 0.3,
    face_confidence: 0.97,
    embedding: Buffer.from(v.buffer).toString('base64'),
    embedder: 'test-embedder-1',
  };
};
const tap = (source: string, at: number, identity: { id: string; name: string }, card: string) => ({
  source_id: source,
  at: new Date(at).toISOString(),
  access_point: { id: 'front-door', description: 'Front Entrance door', camera_uuid: EXIT },
  identity: { ...identity, role: 'tor' },
  credential: { id: card },
});

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  keycardOnly = await userWith('keycard@maple.example', { keycard: ['view_all', 'edit'] });
  residentsOnly = await userWith('residents@maple.example', { keycard: ['view_all'], faces: ['find_resident'] });
  findAll = await userWith('findall@maple.example', { keycard: ['view_all'], faces: ['find_all'] });
  trainer = await userWith('trainer@maple.example', { keycard: ['view_all', 'edit'], faces: ['find_all', 'train_model'] });
  rita = await person('Rita', 'resident', 'priv-rita');
  eve = await person('Eve', 'employee', 'priv-eve');
  const key = await detectorKey(ctx, manager, MAPLE, 'privacy door');
  // The faces first: the evaluator looks at a tap once (its window has long passed).
  const faces = [
    face(FACE.rita, T0 + 1_000, 1),
    face(FACE.eve, T0 + 121_000, 2),
    // At the visitor badge's taps: Eve, then Rita, named by the analyzer (the badge used by someone else).
    face(FACE.eveAtVisitor, T0 + 241_000, 3, eve),
    face(FACE.ritaAtVisitor, T0 + 361_000, 4, rita),
  ];
  expect((await ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(key), payload: { faces } })).statusCode).toBe(
    200,
  );
  const taps = [
    tap('priv-1', T0, RITA, 'priv-rita'),
    tap('priv-2', T0 + 120_000, EVE, 'priv-eve'),
    tap('priv-3', T0 + 240_000, VISITOR, 'priv-visitor'),
    tap('priv-4', T0 + 360_000, VISITOR, 'priv-visitor'),
  ];
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
    headers: bearer(key),
    payload: { taps },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  // The server's evaluator looks at them (reads never do).
  await vi.waitFor(
    async () => {
      const left = await ctx.database.db.selectFrom('access_events').select('uuid').where('evaluated_at', 'is', null).execute();
      expect(left).toEqual([]);
    },
    { timeout: 30_000, interval: 100 },
  );
});
afterAll(() => ctx.close());

const get = async (url: string, token: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
};
const list = async (token: string) => {
  const { identities } = (await get(`/api/faces/v1/credentials?domain_uuid=${MAPLE}`, token)).json<CredentialsReply>();
  const of = (id: string) => identities.find((i) => i.identityId === id)!;
  const registry = (id: string) => ({ person_name: of(id).person_name, face: of(id).frontend_face_uuid, photos: of(id).images.length });
  return { rita: registry(RITA.id), eve: registry(EVE.id), names: identities.map((i) => i.name) };
};
const visitorTaps = async (token: string) => {
  const reply = await get(`/api/faces/v1/credentials/${VISITOR.id}/access-events?domain_uuid=${MAPLE}&view=all`, token);
  const { events } = reply.json<AccessEventsReply>();
  return events
    .sort((a, b) => a.eventTimestamp.localeCompare(b.eventTimestamp))
    .map((e) => ({ sharedWith: e.sharedWith, named: e.detections.map((d) => d.namedPerson), flags: e.flags }));
};
const shownRita = () => ({ person_name: 'Rita Registry', face: rita, photos: 1 });

describe("the badge pages and the caller's faces rights", () => {
  it('the list names a linked registry person and shows their photo only to whom the faces list would show them', async () => {
    // find_all first: its list is the one cached for the building, which the next callers must not be served.
    const all = await list(findAll);
    expect(all.rita).toEqual(shownRita());
    expect(all.eve).toEqual({ person_name: 'Eve Registry', face: eve, photos: 1 });
    const none = await list(keycardOnly);
    expect(none.rita).toEqual({ person_name: null, face: null, photos: 0 });
    expect(none.eve).toEqual({ person_name: null, face: null, photos: 0 });
    // The access-control system's own names stay for everyone.
    expect(none.names).toEqual(all.names);
    const residents = await list(residentsOnly);
    expect(residents.rita).toEqual(shownRita());
    expect(residents.eve).toEqual({ person_name: null, face: null, photos: 0 });
    expect((await list(findAll)).eve.person_name).toBe('Eve Registry');
  });

  it("a badge's detail names the people seen at the door by the same rule", async () => {
    expect(await visitorTaps(findAll)).toEqual([
      { sharedWith: 'Eve Registry', named: ['Eve Registry'], flags: ['shared'] },
      { sharedWith: 'Rita Registry', named: ['Rita Registry'], flags: ['shared'] },
    ]);
    expect(await visitorTaps(residentsOnly)).toEqual([
      { sharedWith: null, named: [null], flags: ['shared'] },
      { sharedWith: 'Rita Registry', named: ['Rita Registry'], flags: ['shared'] },
    ]);
    expect(await visitorTaps(keycardOnly)).toEqual([
      { sharedWith: null, named: [null], flags: ['shared'] },
      { sharedWith: null, named: [null], flags: ['shared'] },
    ]);
    const detail = (
      await get(`/api/faces/v1/credentials/${EVE.id}/access-events?domain_uuid=${MAPLE}&view=all`, residentsOnly)
    ).json<AccessEventsReply>();
    expect(detail.identity).toMatchObject({ name: 'EVE BADGE', person_name: null, frontend_face_uuid: null, images: [] });
  });

  it('More Detections (the tagging modal) names them by the same rule', async () => {
    const tapUuid = (await get(`/api/faces/v1/credentials/${VISITOR.id}/access-events?domain_uuid=${MAPLE}&view=all`, findAll))
      .json<AccessEventsReply>()
      .events.find((e) => e.sharedWith === 'Eve Registry')!.uuid;
    const named = async (token: string) => {
      const reply = await ctx.app.inject({
        method: 'POST',
        url: `/api/faces/v1/tag_search?domain_uuid=${MAPLE}`,
        headers: bearer(token),
        payload: { access_event_uuid: tapUuid, identity_id: VISITOR.id, window_seconds: 30 },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply
        .json<{ detections: { detectionId: string; namedPerson: string | null }[] }>()
        .detections.find((d) => d.detectionId === FACE.eveAtVisitor)!.namedPerson;
    };
    expect(await named(findAll)).toBe('Eve Registry');
    expect(await named(residentsOnly)).toBe(null);
    expect(await named(keycardOnly)).toBe(null);
  });

  it('the mismatch table and the tenant PDF name registry people by the same rule', async () => {
    const seen = async (token: string) =>
      (await get(`/api/faces/v1/credentials/report?domain_uuid=${MAPLE}`, token))
        .json<CredentialReportReply>()
        .report.values.filter((v) => (v.holder as { text: string } | null)?.text === VISITOR.name)
        .map((v) => v.seen)
        .sort();
    expect(await seen(findAll)).toEqual(['Eve Registry', 'Rita Registry']);
    expect(await seen(residentsOnly)).toEqual(['A known person', 'Rita Registry']);
    expect(await seen(keycardOnly)).toEqual(['A known person', 'A known person']);
    const pdf = async (token: string) =>
      pdfText((await get(`/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&identity_id=${EVE.id}&format=pdf`, token)).rawPayload);
    expect(await pdf(findAll)).toContain('Registry person: Eve Registry');
    const hidden = await pdf(residentsOnly);
    expect(hidden).toContain('Tenant Report: EVE BADGE');
    expect(hidden).not.toContain('Eve Registry');
  });

  it('reading the mismatch table is in the audit trail: who, which building, how many rows', async () => {
    const mine = async () =>
      (await get(`/api/v1/audit?domain_uuid=${MAPLE}&action=viewed_mismatches`, manager))
        .json<{ entries: AuditEntry[] }>()
        .entries.filter((e) => e.user_email === 'keycard@maple.example');
    const before = await mine();
    const rows = (await get(`/api/faces/v1/credentials/report?domain_uuid=${MAPLE}`, keycardOnly)).json<CredentialReportReply>().report
      .values.length;
    // A tenant's report is not the mismatch table.
    await get(`/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&identity_id=${RITA.id}`, keycardOnly);
    const after = await mine();
    expect(after).toHaveLength(before.length + 1);
    // Newest first; ids and counts only.
    expect(after[0]).toMatchObject({ action: 'viewed_mismatches', domain_uuid: MAPLE, subject: null, detail: { days: 7, rows } });
    expect(rows).toBeGreaterThan(0);
  });
});

describe('a tag of a badge linked to a registry person', () => {
  const reviews = (detection: string) =>
    ctx.database.db
      .selectFrom('face_reviews')
      .select(['frontend_face_uuid', 'answer', 'reviewed_by'])
      .where('runtime_face_uuid', '=', detection)
      .where('kind', '=', 'match')
      .execute();
  const detection = (id: string) =>
    ctx.database.db
      .selectFrom('face_detections')
      .select(['frontend_face_uuid', 'match_confirmed'])
      .where('runtime_face_uuid', '=', id)
      .executeTakeFirstOrThrow();
  const confirm = async (token: string, identity: string, detectionId: string) => {
    const { events } = (
      await get(`/api/faces/v1/credentials/${identity}/access-events?domain_uuid=${MAPLE}&view=all`, manager)
    ).json<AccessEventsReply>();
    return ctx.app.inject({
      method: 'POST',
      url: `/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}`,
      headers: bearer(token),
      payload: [{ access_event_uuid: events[0]!.uuid, detection_id: detectionId, identity_id: identity, rejected: false }],
    });
  };

  it('from a keycard/edit user without faces/train_model verifies the badge and teaches the registry nothing', async () => {
    const reply = await confirm(keycardOnly, RITA.id, FACE.rita);
    expect(reply.statusCode, reply.body).toBe(200);
    const { events } = (
      await get(`/api/faces/v1/credentials/${RITA.id}/access-events?domain_uuid=${MAPLE}&view=all`, manager)
    ).json<AccessEventsReply>();
    expect(events[0]).toMatchObject({ matched: true, lastVerifiedBy: 'keycard@maple.example' });
    expect(await reviews(FACE.rita)).toEqual([]);
    expect(await detection(FACE.rita)).toEqual({ frontend_face_uuid: null, match_confirmed: null });
  });

  it('from a user who also holds faces/train_model is their training answer too', async () => {
    const reply = await confirm(trainer, EVE.id, FACE.eve);
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await reviews(FACE.eve)).map((r) => [r.frontend_face_uuid, Number(r.answer)])).toEqual([[eve, 1]]);
    expect(await detection(FACE.eve)).toEqual({ frontend_face_uuid: eve, match_confirmed: 1 });
  });
});
