import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AccessEventsReply, ErasureCounts, ErasurePreviewReply, Report, ReportSummary } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { EXIT, HALLWAY } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { unzip } from '../../../test/zip.js';

// A person with every kind of data the erasure preview lists: registry photo, detections, an alert, a badge identity
// linked by her card with taps, a door face verified for her badge only (nobody named her on it), and report rows.
// The preview counts each, the subject access export holds each, and the erasure removes each.

let ctx: TestContext;
let manager: string;
let key: string;
let ida: string;
const BADGE = 'IDAWHOLE00000001';
const CARD = 'IDA-CARD-0001';
const T0 = Date.now() - 40 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** her own detections (the analyzer's matches), and the door face verified for her badge only */
const own: string[] = [];
const DOOR_FACE = randomUUID();
const reports: string[] = [];

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(manager) });
const post = (url: string, payload: object, token = manager) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const tap = (source: string, at: number) =>
  post(
    `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
    {
      taps: [
        {
          source_id: source,
          at: iso(at),
          access_point: { id: 'exit-door', description: 'Exit door', camera_uuid: EXIT },
          identity: { id: BADGE, name: 'IDA WHOLE', unit: '5C', role: 'tor' },
          credential: { id: CARD },
        },
      ],
    },
    key,
  );
const evaluated = () =>
  vi.waitFor(
    async () =>
      expect(await ctx.database.db.selectFrom('access_events').select('uuid').where('evaluated_at', 'is', null).execute()).toEqual([]),
    { timeout: 30_000, interval: 200 },
  );

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'erasure badges test');
  const photo = (await jpegBytes(160)).toString('base64');
  const info = {
    first_name: 'Ida',
    last_name: 'Whole',
    role: 'resident',
    gender: 'female',
    complexion: 'Other',
    elopement_risk: true,
    images: { add: [{ orientation: 'front', data: photo }] },
  };
  const added = await post('/api/v6/faces', { domain_uuid: MAPLE, face_info: info });
  expect(added.statusCode, added.body).toBe(200);
  ida = added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;

  const crop = (await jpegBytes(64)).toString('base64');
  const face = (id: string, at: number, camera: string, person: string | null) => ({
    runtime_face_uuid: id,
    camera_uuid: camera,
    captured_at: new Date(at).toISOString(),
    frontend_face_uuid: person,
    confidence: person ? 0.96 : 0.3,
    crop,
  });
  own.push(randomUUID(), randomUUID(), randomUUID());
  const faces = [
    face(DOOR_FACE, T0 + 1_000, EXIT, null),
    face(own[0]!, T0 + 5 * 60_000, HALLWAY, ida),
    face(own[1]!, T0 + 6 * 60_000, HALLWAY, ida),
    // at the exit: she is at elopement risk, so an alert
    face(own[2]!, T0 + 15 * 60_000, EXIT, ida),
  ];
  const sent = await sendBatch(ctx, key, { faces });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).toMatchObject({ elopement_alerts: 1 });
  // Her badge is tapped before her card is in the registry: the identity is not linked to her yet. (After the door
  // face: the tap is long due, and the evaluator, every 5 s, may look at it as soon as it comes.)
  expect((await tap('ida-tap-1', T0)).statusCode).toBe(200);
  ctx.clock.advance(60_000);
  await evaluated();
  // A keycard user verifies the door face for the badge: nothing names Ida on the face itself.
  const taps = (await get(`/api/faces/v1/credentials/${BADGE}/access-events?domain_uuid=${MAPLE}&view=all`)).json<AccessEventsReply>();
  const tagged = await post(`/api/faces/v1/confirmed_tags?domain_uuid=${MAPLE}`, [
    { access_event_uuid: taps.events[0]!.uuid, detection_id: DOOR_FACE, identity_id: BADGE, rejected: false },
  ]);
  expect(tagged.statusCode, tagged.body).toBe(200);
  const door = await ctx.database.db.selectFrom('face_detections').select('frontend_face_uuid').where('runtime_face_uuid', '=', DOOR_FACE);
  expect(await door.executeTakeFirstOrThrow()).toEqual({ frontend_face_uuid: null });

  // Her card is added; the next tap links the badge to her.
  await ctx.database.db.updateTable('faces').set({ card: CARD }).where('uuid', '=', ida).execute();
  expect((await tap('ida-tap-2', T0 + 20 * 60_000)).statusCode).toBe(200);
  const stranger = face(randomUUID(), T0 + 20 * 60_000 + 1_000, EXIT, null);
  expect((await sendBatch(ctx, key, { faces: [stranger] })).statusCode).toBe(200);
  ctx.clock.advance(60_000);
  await evaluated();
  const linked = ctx.database.db.selectFrom('badge_identities').select('face_uuid').where('identity_id', '=', BADGE);
  expect(await linked.executeTakeFirstOrThrow()).toEqual({ face_uuid: ida });

  const period = { start: iso(T0 - 60_000), end: iso(T0 + 30 * 60_000) };
  for (const kind of ['elopement_alerts', 'credential_mismatch']) {
    const made = await post('/api/reports/v1/reports', { domain_uuid: MAPLE, kind, ...period });
    expect(made.statusCode, made.body).toBe(200);
    reports.push(made.json<{ id: string }>().id);
  }
}, 90_000);
afterAll(() => ctx.close());

/** The rows of the stored reports that are about Ida: her alert, her badge's taps. */
async function herRows(): Promise<Report['values']> {
  const rows: Report['values'] = [];
  for (const id of reports) {
    const report = (await get(`/api/reports/v1/reports/${id}?domain_uuid=${MAPLE}`)).json<{ report: Report }>().report;
    rows.push(
      ...report.values.filter((r) => r.resident === 'Ida Whole' || (r.holder as { href?: string } | null)?.href === `/credential/${BADGE}`),
    );
  }
  return rows;
}

let expected: Partial<ErasureCounts>;

describe('a person with photos, detections, a badge, verified door faces and report rows', () => {
  it('the erasure preview counts each: the door face verified for her badge is one of her confirmed detections', async () => {
    const rows = await herRows();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expected = { photos: 1, detections_matched: 3, detections_confirmed: 1, alerts: 1, badge_identities: 1, report_rows: rows.length };
    const preview = await get(`/api/v1/faces/${ida}/erasure`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ErasurePreviewReply>().counts).toMatchObject(expected);
  });

  it('the subject access export holds each: photo, detections and crops, her badge, its taps, the verified match, the report rows', async () => {
    const reply = await get(`/api/v1/faces/${ida}/export`);
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    const entries = await unzip(reply.rawPayload);
    const text = (name: string) => entries.get(name)?.toString() ?? '';
    const lines = (name: string) => text(name).trim().split(/\r?\n/).slice(1);
    expect(entries.has('photos/front.jpg')).toBe(true);
    const detections = lines('detections.csv');
    for (const id of [...own, DOOR_FACE]) expect(detections.some((l) => l.endsWith(`,${id}`))).toBe(true);
    expect(entries.has(`crops/${DOOR_FACE}.jpg`)).toBe(true);
    const person = JSON.parse(text('person.json')) as { badges: { identities: { identity_id: string; credentials: string[] }[] } };
    expect(person.badges.identities).toMatchObject([{ identity_id: BADGE, credentials: [CARD] }]);
    expect(lines('taps.csv')).toHaveLength(2);
    expect(lines('taps.csv').every((l) => l.includes(BADGE) && l.includes('Exit door'))).toBe(true);
    expect(lines('verified_matches.csv')).toEqual([expect.stringContaining(DOOR_FACE)]);
    expect(lines('verified_matches.csv')[0]).toContain('confirmed');
    expect(lines('report_rows.csv')).toHaveLength(expected.report_rows!);
    expect(text('README.txt')).toMatch(/taps\.csv/);
  });

  it('an exporter without the keycard operations gets no badge or report data, and the README says what was left out', async () => {
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'registry-only', description: 'The registry, no badges', operations: { faces: ['find_all'] } }),
    );
    const user = await ctx.access.ensureUser('registrar@maple.example');
    await ctx.access.grant(user.id, MAPLE, 'registry-only');
    const registrar = await ctx.signIn('registrar@maple.example');
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/${ida}/export`, headers: bearer(registrar) });
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    const entries = await unzip(reply.rawPayload);
    const lines = (name: string) => entries.get(name)!.toString().trim().split(/\r?\n/).slice(1);
    expect(lines('taps.csv')).toEqual([]);
    expect(lines('verified_matches.csv')).toEqual([]);
    expect(lines('report_rows.csv')).toEqual([]);
    expect(lines('detections.csv').some((l) => l.endsWith(`,${DOOR_FACE}`))).toBe(false);
    const readme = entries.get('README.txt')!.toString();
    expect(readme).toContain('their badges, taps and verified matches (needs keycard/view_all)');
    expect(readme).toContain('the rows of stored reports about them (needs keycard/view_reports)');
  });

  it('the erasure removes each, the face verified for her badge and its picture included', async () => {
    const erased = await post(`/api/v1/faces/${ida}/erase`, { confirm: 'Ida Whole' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<{ receipt: { counts: ErasureCounts } }>().receipt.counts).toMatchObject(expected);
    const db = ctx.database.db;
    const left = await db
      .selectFrom('face_detections')
      .select('runtime_face_uuid')
      .where('runtime_face_uuid', 'in', [...own, DOOR_FACE])
      .execute();
    expect(left).toEqual([]);
    expect(await db.selectFrom('badge_identities').select('uuid').where('identity_id', '=', BADGE).execute()).toEqual([]);
    expect(await db.selectFrom('badge_tags').select('detection_id').where('detection_id', '=', DOOR_FACE).execute()).toEqual([]);
    expect(await db.selectFrom('access_events').select('uuid').where('source_id', 'like', 'ida-tap-%').execute()).toEqual([]);
    expect(existsSync(join(ctx.config.video.mediaDir, 'frames', 'poster', `${DOOR_FACE}.jpg`))).toBe(false);
    expect(await herRows()).toEqual([]);
    const list = (await get(`/api/reports/v1/reports?domain_uuid=${MAPLE}`)).json<{ reports: ReportSummary[] }>().reports;
    expect(list.map((r) => r.id).sort()).toEqual([...reports].sort());
  });
});
