import { randomUUID } from 'node:crypto';
import type { ConfirmedFace, DetectedFace, FacesDetectedReply, FacesDetectedRequest } from '@vigil/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { BIRCH_RECEPTION, DINING_ROOM, EDITH, EXIT, HALLWAY, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { decodeListToken, encodeListToken } from './list-token.js';

let ctx: TestContext;
let staff: string;
let manager: string;
let key: string;
/** a run's own moments, far from other tests' */
const base = Date.parse('2026-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.signIn('staff@vigil.example');
  manager = await ctx.signIn('manager@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'training test');
});
afterAll(() => ctx.close());

const detected = async (token: string, body: Partial<FacesDetectedRequest>) => {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v5/facesdetected2',
    headers: bearer(token),
    payload: { domain_uuid: MAPLE, ...body },
  });
  return reply;
};
const page = async (body: Partial<FacesDetectedRequest>) => {
  const reply = await detected(staff, body);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<FacesDetectedReply>();
};
const answer = async (ids: string[], person: string, is_correct: boolean | null) => {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/facematchconfirm',
    headers: bearer(staff),
    payload: { runtime_face_uuids: ids, frontend_face_uuid: person, is_correct },
  });
  expect(reply.statusCode, reply.body).toBe(200);
};
const confirmedFaces = async (body: Record<string, unknown>, token = staff) =>
  ctx.app.inject({ method: 'POST', url: '/api/v4/faces/confirmed', headers: bearer(token), payload: { domain_uuid: MAPLE, ...body } });

/** A face the analyzer saw: its match (or none) and candidates, at `offset` ms after the run's base moment. */
function face(
  offset: number,
  o: { camera?: string; match?: string | null; candidates?: [string, number][]; height?: number; crop?: string } = {},
) {
  const candidates = o.candidates ?? [];
  return {
    runtime_face_uuid: randomUUID() as string,
    camera_uuid: o.camera ?? HALLWAY,
    captured_at: iso(base + offset),
    frontend_face_uuid: o.match ?? null,
    confidence: candidates[0]?.[1] ?? 0.5,
    face_height: o.height ?? 120,
    face_confidence: 0.99,
    candidates: candidates.map(([frontend_face_uuid, confidence]) => ({ frontend_face_uuid, confidence })),
    ...(o.crop ? { crop: o.crop } : {}),
  };
}

async function ingest(faces: ReturnType<typeof face>[]) {
  const reply = await sendBatch(ctx, key, { faces });
  expect(reply.statusCode, reply.body).toBe(200);
  return faces.map((f) => f.runtime_face_uuid);
}

describe('the review list (POST /api/v5/facesdetected2)', () => {
  it('lists faces newest first with their candidates, pages on by refresh_token and counts what arrived since', async () => {
    const ids = await ingest(
      Array.from({ length: 5 }, (_, i) =>
        face(i * 1000, {
          camera: DINING_ROOM,
          match: MARGARET,
          candidates: [
            [MARGARET, Math.round(96 - i) / 100],
            [WALTER, 0.4],
            [EDITH, 0.3],
          ],
        }),
      ),
    );
    const first = await page({ camera_uuids: [DINING_ROOM], limit: 2 });
    expect(first.faces.map((f) => f.runtime_face_uuid)).toEqual([ids[4], ids[3]]);
    expect(first.more).toBe(true);
    expect(first.new_results).toBe(0);
    expect(first.oldest_time).toBe(iso(base + 3000));
    const newest = first.faces[0]!;
    expect(newest).toMatchObject({ camera_uuid: DINING_ROOM, camera_description: 'Dining Room', face_height: 120, face_confidence: 0.99 });
    expect(newest.matches.map((m) => [m.person_name, m.confidence, m.is_exact, m.is_rejected])).toEqual([
      ['Margaret Hill', 0.92, false, false],
      ['Walter Brooks', 0.4, false, false],
      ['Edith Shaw', 0.3, false, false],
    ]);

    // A face arriving now is not mixed into the next pages; it is counted as new.
    const [late] = await ingest([face(10_000, { camera: DINING_ROOM, candidates: [[WALTER, 0.7]] })]);
    const second = await page({ camera_uuids: [DINING_ROOM], limit: 2, refresh_token: first.refresh_token });
    expect(second.faces.map((f) => f.runtime_face_uuid)).toEqual([ids[2], ids[1]]);
    expect(second.new_results).toBe(1);
    const third = await page({ camera_uuids: [DINING_ROOM], limit: 2, refresh_token: second.refresh_token });
    expect(third.faces.map((f) => f.runtime_face_uuid)).toEqual([ids[0]]);
    expect(third.more).toBe(false);
    // After the last page the token still counts new ones; a refresh (no token) starts again with them.
    const after = await page({ camera_uuids: [DINING_ROOM], limit: 2, refresh_token: third.refresh_token });
    expect(after).toMatchObject({ faces: [], more: false, new_results: 1 });
    expect((await page({ camera_uuids: [DINING_ROOM], limit: 1 })).faces[0]!.runtime_face_uuid).toBe(late);
  });

  it('filters by person (a candidate or the match), face height, confidence and date; Not a Face leaves the list', async () => {
    const camera = EXIT;
    const [small, big, walter, notFace] = await ingest([
      face(20_000, { camera, candidates: [[EDITH, 0.97]], height: 40 }),
      face(21_000, {
        camera,
        candidates: [
          [EDITH, 0.91],
          [MARGARET, 0.5],
        ],
        height: 200,
      }),
      face(22_000, { camera, match: WALTER, candidates: [[WALTER, 0.99]] }),
      face(23_000, { camera }),
    ]);
    const ids = async (body: Partial<FacesDetectedRequest>) =>
      (await page({ camera_uuids: [camera], ...body })).faces.map((f) => f.runtime_face_uuid);
    expect(await ids({})).toEqual([notFace, walter, big, small]);
    expect(await ids({ face_uuids: [EDITH] })).toEqual([big, small]);
    expect(await ids({ face_uuids: [MARGARET, WALTER] })).toEqual([walter, big]);
    expect(await ids({ min_face_height: 100 })).toEqual([notFace, walter, big]);
    expect(await ids({ confidence: 0.95, confidence_operator: 'ge' })).toEqual([walter, small]);
    expect(await ids({ confidence: 0.91, confidence_operator: 'eq' })).toEqual([big]);
    expect(await ids({ confidence: 0.91, confidence_operator: 'lt' })).toEqual([notFace]);
    expect(await ids({ before: iso(base + 21_500) })).toEqual([big, small]);

    const notAFace = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/faceconfirm',
      headers: bearer(staff),
      payload: { runtime_face_uuid: notFace, is_face: false },
    });
    expect(notAFace.statusCode).toBe(200);
    expect(await ids({})).toEqual([walter, big, small]);
  });

  it('shows a confirmation as exact, and taking it back (false) restores the analyzer’s match and candidates', async () => {
    const [id] = await ingest([
      face(30_000, {
        camera: HALLWAY,
        match: MARGARET,
        candidates: [
          [MARGARET, 0.93],
          [EDITH, 0.6],
        ],
      }),
    ]);
    const one = async () => (await page({ camera_uuids: [HALLWAY], before: iso(base + 30_000), limit: 1 })).faces[0]!;
    expect((await one()).runtime_face_uuid).toBe(id);

    // The reviewer confirms the second candidate: it comes first, exact.
    await answer([id!], EDITH, true);
    expect((await one()).matches.map((m) => [m.frontend_face_uuid, m.is_exact])).toEqual([
      [EDITH, true],
      [MARGARET, false],
    ]);
    const detection = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces/matched/${EDITH}`, headers: bearer(staff) });
    expect(detection.json<{ faces_matched: ConfirmedFace[] }>().faces_matched.map((f) => f.runtime_face_uuid)).toContain(id);

    // Undo sends false: Edith is rejected, Margaret (the analyzer's match) is back, and nothing is exact.
    await answer([id!], EDITH, false);
    const after: DetectedFace = await one();
    expect(after.matches.map((m) => [m.frontend_face_uuid, m.is_exact, m.is_rejected])).toEqual([
      [MARGARET, false, false],
      [EDITH, false, true],
    ]);
    const row = await ctx.database.db
      .selectFrom('face_detections')
      .selectAll()
      .where('runtime_face_uuid', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ frontend_face_uuid: MARGARET, analyzer_face_uuid: MARGARET, match_confirmed: null });
    // Every answer is a row of the log, with who gave it.
    const log = await ctx.database.db.selectFrom('face_reviews').selectAll().where('runtime_face_uuid', '=', id!).orderBy('seq').execute();
    expect(log.map((r) => [r.kind, r.frontend_face_uuid, r.answer])).toEqual([
      ['match', EDITH, 1],
      ['match', EDITH, 0],
    ]);
    expect(new Set(log.map((r) => r.reviewed_by)).size).toBe(1);
  });

  it('refuses bad bodies, a token it did not make, other buildings and callers without faces/train_model', async () => {
    expect((await detected(staff, { limit: 0 })).statusCode).toBe(400);
    expect((await detected(staff, { limit: 101 })).statusCode).toBe(400);
    expect((await detected(staff, { confidence: 1.5 })).statusCode).toBe(400);
    expect((await detected(staff, { confidence_operator: 'about' as never })).statusCode).toBe(400);
    expect((await detected(staff, { face_uuids: ['not-a-uuid'] })).statusCode).toBe(400);
    const forged = await detected(staff, { refresh_token: 'bm90IGEgdG9rZW4' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'refresh_token is not one this server gave.' });
    // The facility manager has the faces registry but not train_model.
    expect((await detected(manager, {})).statusCode).toBe(403);
    const outsider = await ctx.signIn('nurse@maple.example');
    expect((await detected(outsider, {})).statusCode).toBe(403);
    expect((await detected(staff, { domain_uuid: randomUUID() })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v5/facesdetected2', payload: { domain_uuid: MAPLE } })).statusCode).toBe(401);
    // Birch's list has none of Maple's faces.
    const birch = await page({ domain_uuid: BIRCH, camera_uuids: [HALLWAY] });
    expect(birch.faces).toEqual([]);
  });
});

describe('confirmed faces, and removing a confirmation', () => {
  it('lists confirmed faces newest first, for everyone or one person, with who confirmed them; false removes one', async () => {
    const ids = await ingest([
      face(40_000, { camera: HALLWAY, candidates: [[WALTER, 0.8]] }),
      face(41_000, { camera: HALLWAY, candidates: [[WALTER, 0.85]] }),
    ]);
    await answer(ids, WALTER, true);
    const all = await confirmedFaces({ limit: 50 });
    expect(all.statusCode, all.body).toBe(200);
    const walters = all.json<{ faces_confirmed: ConfirmedFace[]; total: number }>();
    expect(walters.faces_confirmed.filter((f) => ids.includes(f.runtime_face_uuid)).map((f) => f.runtime_face_uuid)).toEqual([
      ids[1],
      ids[0],
    ]);
    const one = (await confirmedFaces({ frontend_face_uuid: WALTER })).json<{ faces_confirmed: ConfirmedFace[]; total: number }>();
    expect(one.faces_confirmed.every((f) => f.frontend_face_uuid === WALTER && f.person_name === 'Walter Brooks')).toBe(true);
    expect(one.faces_confirmed[0]).toMatchObject({ camera_description: expect.any(String), confirmed_by: expect.any(String) });
    expect(one.faces_confirmed[0]!.confirmed_at).toMatch(/Z$/);
    const paged = (await confirmedFaces({ frontend_face_uuid: WALTER, offset: 1, limit: 1 })).json<{
      faces_confirmed: ConfirmedFace[];
      total: number;
    }>();
    expect(paged.total).toBe(one.total);
    expect(paged.faces_confirmed.map((f) => f.runtime_face_uuid)).toEqual([one.faces_confirmed[1]!.runtime_face_uuid]);

    await answer([ids[1]!], WALTER, false);
    const left = (await confirmedFaces({ frontend_face_uuid: WALTER })).json<{ faces_confirmed: ConfirmedFace[]; total: number }>();
    expect(left.total).toBe(one.total - 1);
    expect(left.faces_confirmed.map((f) => f.runtime_face_uuid)).not.toContain(ids[1]);
  });

  it('refuses another building’s person, bad pages and callers without faces/train_model', async () => {
    const harold = 'f0ce0001-0000-4000-8000-00000000b001';
    expect((await confirmedFaces({ frontend_face_uuid: harold })).statusCode).toBe(404);
    expect((await confirmedFaces({ limit: 50_001 })).statusCode).toBe(400);
    expect((await confirmedFaces({ offset: -1 })).statusCode).toBe(400);
    expect((await confirmedFaces({}, manager)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v6/faces/matched/${MARGARET}`, headers: bearer(manager) })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v6/faces/matched/${randomUUID()}`, headers: bearer(staff) })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v6/faces/matched/nope', headers: bearer(staff) })).statusCode).toBe(400);
  });
});

describe("'Visitor' (POST /api/v4/faces/visitor)", () => {
  it('makes a regular_visitor from the face’s crop, confirmed to them; a second time is refused', async () => {
    const [id] = await ingest([face(50_000, { camera: HALLWAY, crop: (await jpegBytes(96)).toString('base64') })]);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/faces/visitor',
      headers: bearer(staff),
      payload: { runtime_face_uuid: id },
    });
    expect(made.statusCode, made.body).toBe(200);
    const visitor = made.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
    const person = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces/${visitor}`, headers: bearer(staff) });
    expect(person.json()).toMatchObject({
      face: { role: 'regular_visitor', first_name: 'Visitor', last_name: '2026-06-01 12:00', images: [{ orientation: 'front' }] },
    });
    const listed = (await page({ camera_uuids: [HALLWAY], before: iso(base + 50_000), limit: 1 })).faces[0]!;
    expect(listed).toMatchObject({ runtime_face_uuid: id, visitor_face_uuid: visitor });
    expect(listed.matches[0]).toMatchObject({ frontend_face_uuid: visitor, is_exact: true });

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/faces/visitor',
      headers: bearer(staff),
      payload: { runtime_face_uuid: id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a face without a picture, another building’s face and callers without faces/train_model', async () => {
    const [bare] = await ingest([face(51_000, { camera: HALLWAY })]);
    const call = (token: string, runtime_face_uuid: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v4/faces/visitor', headers: bearer(token), payload: { runtime_face_uuid } });
    expect((await call(staff, bare!)).statusCode).toBe(409);
    expect((await call(manager, bare!)).statusCode).toBe(403);
    expect((await call(staff, randomUUID())).statusCode).toBe(404);
    const birchKey = await detectorKey(ctx, manager, BIRCH, 'birch training');
    const birchFace = { ...face(52_000, { camera: BIRCH_RECEPTION }) };
    expect((await sendBatch(ctx, birchKey, { faces: [birchFace] })).statusCode).toBe(200);
    const mapleOnly = await ctx.access.ensureUser('maple.trainer@vigil.example', 'Maple Trainer');
    await ctx.access.grant(mapleOnly.id, MAPLE, 'staff-admin');
    expect((await call(await ctx.signIn('maple.trainer@vigil.example'), birchFace.runtime_face_uuid)).statusCode).toBe(404);
    expect((await call(staff, 'nope')).statusCode).toBe(400);
  });
});

describe('the review log (GET /api/v1/training/reviews/{id})', () => {
  const log = (id: string, token = staff) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/training/reviews/${id}`, headers: bearer(token) });
  type Entries = {
    entries: { kind: string; person_name: string | null; answer: number | null; reviewed_by: string; reviewed_at: string }[];
  };

  it('keeps every answer, in the order given, with who gave it: taking one back is a new entry, not an erasure', async () => {
    const [id] = await ingest([face(120_500, { match: WALTER, candidates: [[WALTER, 0.93]] })]);
    expect(((await log(id!)).json() as Entries).entries).toEqual([]);
    await answer([id!], WALTER, true);
    await answer([id!], WALTER, null);
    await answer([id!], EDITH, false);
    const notFace = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/faceconfirm',
      headers: bearer(staff),
      payload: { runtime_face_uuid: id, is_face: false },
    });
    expect(notFace.statusCode).toBe(200);
    const reply = await log(id!);
    expect(reply.statusCode, reply.body).toBe(200);
    const { entries } = reply.json() as Entries;
    expect(entries.map((e) => [e.kind, e.answer])).toEqual([
      ['match', 1],
      ['match', null],
      ['match', 0],
      ['face', 0],
    ]);
    expect(entries[0]!.person_name).toMatch(/Walter/);
    expect(entries[2]!.person_name).toMatch(/Edith/);
    expect(entries[3]!.person_name).toBeNull();
    expect(new Set(entries.map((e) => e.reviewed_by)).size).toBe(1);
    expect(entries[0]!.reviewed_by).not.toBe('A former user');
    expect(entries.every((e) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(e.reviewed_at))).toBe(true);
  });

  it('refuses callers without faces/train_model, another building’s face, an unknown face and a bad id', async () => {
    const [id] = await ingest([face(121_000)]);
    expect((await log(id!, manager)).statusCode).toBe(403);
    expect((await log(randomUUID())).statusCode).toBe(404);
    expect((await log('not-a-uuid')).statusCode).toBe(400);
    const birchKey = await detectorKey(ctx, manager, BIRCH, 'birch review log');
    const birchFace = face(121_500, { camera: BIRCH_RECEPTION });
    expect((await sendBatch(ctx, birchKey, { faces: [birchFace] })).statusCode).toBe(200);
    const mapleOnly = await ctx.access.ensureUser('maple.reviewer@vigil.example', 'Maple Reviewer');
    await ctx.access.grant(mapleOnly.id, MAPLE, 'staff-admin');
    expect((await log(birchFace.runtime_face_uuid, await ctx.signIn('maple.reviewer@vigil.example'))).statusCode).toBe(404);
    expect((await log(id!, await ctx.signIn('maple.reviewer@vigil.example'))).statusCode).toBe(200);
  });
});

describe('the list token', () => {
  it('round-trips a position and refuses anything else', () => {
    const position = { snapshot: 1_700_000_000_000, after: { at: 1_699_999_999_000, id: 'f0ce0001-0000-4000-8000-00000000a001' } };
    expect(decodeListToken(encodeListToken(position))).toEqual(position);
    expect(decodeListToken(encodeListToken({ snapshot: 5, after: null }))).toEqual({ snapshot: 5, after: null });
    for (const bad of [
      '',
      'x',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('[1,2,"<script>"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[-1]').toString('base64url'),
    ])
      expect(decodeListToken(bad)).toBeNull();
  });
});

describe('the match finder (POST /api/v6/faces/matchfinder)', () => {
  const vec = (values: number[]) => Buffer.from(Float32Array.from(values).buffer).toString('base64');
  const finder = (body: object, token = staff) =>
    ctx.app.inject({ method: 'POST', url: '/api/v6/faces/matchfinder', headers: bearer(token), payload: { domain_uuid: MAPLE, ...body } });
  type Found = { results: { runtime_face_uuid: string; similarity: number }[]; scanned: number };
  let confirmed: string[];
  let alike: string;
  let lessAlike: string;
  let other: string;
  let elsewhere: string;
  beforeAll(async () => {
    // Walter's confirmed faces point one way; an unconfirmed face nearly so, another less, a third elsewhere.
    const at = (offset: number) => iso(Date.parse('2026-04-10T15:00:00Z') + offset);
    const withVector = (offset: number, values: number[], camera = DINING_ROOM) => ({
      runtime_face_uuid: randomUUID() as string,
      camera_uuid: camera,
      captured_at: at(offset),
      confidence: 0.5,
      embedding: vec(values),
      embedder: 'finder-test@1',
    });
    const faces = [
      withVector(0, [1, 0, 0, 0.1]),
      withVector(1000, [1, 0.1, 0, 0]),
      withVector(2000, [0.95, 0.2, 0, 0]),
      withVector(3000, [0.7, 0.7, 0, 0]),
      withVector(4000, [0, 0, 1, 0]),
      withVector(86_400_000, [0.96, 0.15, 0, 0], EXIT),
    ];
    expect((await sendBatch(ctx, key, { faces })).statusCode).toBe(200);
    confirmed = faces.slice(0, 2).map((f) => f.runtime_face_uuid);
    [alike, lessAlike, other, elsewhere] = faces.slice(2).map((f) => f.runtime_face_uuid) as [string, string, string, string];
    await answer(confirmed, WALTER, true);
  });

  it('finds the faces most like a person’s confirmed faces, best first, leaving out those confirmed already', async () => {
    const reply = await finder({ frontend_face_uuid: WALTER, start: '2026-04-10', end: '2026-04-11' });
    expect(reply.statusCode, reply.body).toBe(200);
    const found = reply.json<Found>();
    const ids = found.results.map((r) => r.runtime_face_uuid);
    expect(ids.slice(0, 4)).toEqual([alike, elsewhere, lessAlike, other].sort((a, b) => ids.indexOf(a) - ids.indexOf(b)));
    expect(ids.indexOf(alike)).toBeLessThan(ids.indexOf(lessAlike));
    expect(ids.indexOf(lessAlike)).toBeLessThan(ids.indexOf(other));
    expect(ids).not.toContain(confirmed[0]);
    expect(found.results[0]!.similarity).toBeGreaterThan(0.95);
    // Every face of the two days by its code (the confirmed ones too), then the nearest exactly.
    expect(found.scanned).toBeGreaterThanOrEqual(6);
    // One day (the building's): the face of the next day is left out; one camera likewise.
    const day = (await finder({ frontend_face_uuid: WALTER, start: '2026-04-10', end: '2026-04-10' })).json<Found>();
    expect(day.results.map((r) => r.runtime_face_uuid)).not.toContain(elsewhere);
    const camera = (
      await finder({ frontend_face_uuid: WALTER, camera_uuids: [EXIT], start: '2026-04-10', end: '2026-04-11' })
    ).json<Found>();
    expect(camera.results.map((r) => r.runtime_face_uuid)).toEqual([elsewhere]);
  });

  it('reads on: a face that arrives after a search is found by the next; a deleted one is never offered', async () => {
    const first = (await finder({ frontend_face_uuid: WALTER, start: '2026-04-10', end: '2026-04-11' })).json<Found>();
    const late = randomUUID();
    const sent = await sendBatch(ctx, key, {
      faces: [
        {
          runtime_face_uuid: late,
          camera_uuid: DINING_ROOM,
          captured_at: iso(Date.parse('2026-04-10T16:00:00Z')),
          confidence: 0.5,
          embedding: vec([1, 0, 0, 0.1]),
          embedder: 'finder-test@1',
        },
      ],
    });
    expect(sent.statusCode).toBe(200);
    const next = (await finder({ frontend_face_uuid: WALTER, start: '2026-04-10', end: '2026-04-11' })).json<Found>();
    expect(next.scanned).toBe(first.scanned + 1);
    expect(next.results[0]!.runtime_face_uuid).toBe(late);
    await ctx.database.db.deleteFrom('face_detections').where('runtime_face_uuid', '=', late).execute();
    const after = (await finder({ frontend_face_uuid: WALTER, start: '2026-04-10', end: '2026-04-11' })).json<Found>();
    expect(after.results.map((r) => r.runtime_face_uuid)).not.toContain(late);
    expect(after.results.map((r) => r.runtime_face_uuid)).toEqual(first.results.map((r) => r.runtime_face_uuid));
  });

  it('finds the faces most like one face', async () => {
    const found = (await finder({ runtime_face_uuid: other, start: '2026-04-10', end: '2026-04-11', limit: 2 })).json<Found>();
    expect(found.results).toHaveLength(2);
    expect(found.results.map((r) => r.runtime_face_uuid)).not.toContain(other);
  });

  it('is audited: who searched for whom (a person or a face) in which building, with what was asked and found, no vectors', async () => {
    const searches = async () =>
      ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'searched_faces').orderBy('seq').execute();
    const before = (await searches()).length;
    const byPerson = await finder({ frontend_face_uuid: WALTER, start: '2026-04-10', end: '2026-04-11', camera_uuids: [EXIT] });
    expect(byPerson.statusCode, byPerson.body).toBe(200);
    const byFace = await finder({ runtime_face_uuid: other, limit: 2 });
    expect(byFace.statusCode, byFace.body).toBe(200);
    // A refused search found nothing and is not an entry.
    expect((await finder({ frontend_face_uuid: WALTER }, manager)).statusCode).toBe(403);
    const entries = (await searches()).slice(before);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ domain_uuid: MAPLE, subject: WALTER, user_email: 'staff@vigil.example', camera_uuid: null });
    expect(JSON.parse(entries[0]!.detail!)).toEqual({
      source: 'person',
      start: '2026-04-10',
      end: '2026-04-11',
      cameras: 1,
      found: byPerson.json<Found>().results.length,
    });
    expect(entries[1]).toMatchObject({ domain_uuid: MAPLE, subject: other, user_email: 'staff@vigil.example' });
    expect(JSON.parse(entries[1]!.detail!)).toEqual({ source: 'face', start: null, end: null, cameras: 0, found: 2 });
  });

  it('refuses two sources or none, reversed dates, other buildings, callers without train_model, and dates without a time zone', async () => {
    expect((await finder({ frontend_face_uuid: WALTER, runtime_face_uuid: other })).statusCode).toBe(400);
    expect((await finder({})).statusCode).toBe(400);
    expect((await finder({ frontend_face_uuid: WALTER, start: '2026-04-12', end: '2026-04-10' })).statusCode).toBe(400);
    expect((await finder({ frontend_face_uuid: WALTER, start: '12/04/2026' })).statusCode).toBe(400);
    expect((await finder({ frontend_face_uuid: 'f0ce0001-0000-4000-8000-00000000b001' })).statusCode).toBe(404);
    expect((await finder({ frontend_face_uuid: WALTER }, manager)).statusCode).toBe(403);
    // A person with nothing to compare: no confirmed faces, no photo embeddings.
    expect((await finder({ frontend_face_uuid: EDITH })).statusCode).toBe(409);
    await ctx.database.db.updateTable('domains').set({ timezone: 'Mars/Olympus_Mons' }).where('uuid', '=', MAPLE).execute();
    try {
      const reply = await finder({ frontend_face_uuid: WALTER, start: '2026-04-10' });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ error: expect.stringContaining('no valid time zone') });
      expect((await finder({ frontend_face_uuid: WALTER })).statusCode).toBe(200);
    } finally {
      await ctx.database.db.updateTable('domains').set({ timezone: 'America/New_York' }).where('uuid', '=', MAPLE).execute();
    }
  });
});

describe('how the faces are drawn (shapes, CLAHE)', () => {
  it('shows the whole frame with the face’s box (shapes), the crop equalised (CLAHE), or both; made once, from the kept pictures', async () => {
    const id = randomUUID();
    const crop = await jpegBytes(96);
    const frame = await jpegBytes(640);
    const sent = await sendBatch(ctx, key, {
      faces: [
        {
          ...face(60_000, { camera: HALLWAY }),
          runtime_face_uuid: id,
          box: { x: 0.4, y: 0.3, w: 0.2, h: 0.3 },
          crop: crop.toString('base64'),
          frame: frame.toString('base64'),
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const uri = async (body: Partial<FacesDetectedRequest>) =>
      (await page({ camera_uuids: [HALLWAY], before: iso(base + 60_000), limit: 1, ...body })).faces[0]!.frame_uri!;
    const picture = async (url: string) => {
      const reply = await ctx.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      return sharp(reply.rawPayload).metadata();
    };
    expect(await uri({})).toMatch(/\/frames\/poster\//);
    const shapes = await uri({ shapes: true });
    expect(shapes).toMatch(/\/frames\/shapes\//);
    expect(await picture(shapes)).toMatchObject({ format: 'jpeg', width: 480, height: 480 });
    const clahe = await uri({ clahe: true });
    expect(clahe).toMatch(/\/frames\/clahe\//);
    expect(await picture(clahe)).toMatchObject({ format: 'jpeg', width: 96, height: 96 });
    const both = await uri({ shapes: true, clahe: true });
    expect(both).toMatch(/\/frames\/shapes-clahe\//);
    expect(await picture(both)).toMatchObject({ format: 'jpeg', width: 480 });
    // The box is drawn: the frame's pixels changed where its edge runs.
    const edge = async (url: string) => {
      const raw = await sharp((await ctx.app.inject({ method: 'GET', url })).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (Math.round(0.3 * 480) * 480 + Math.round(0.5 * 480)) * raw.info.channels;
      return [raw.data[at], raw.data[at + 1], raw.data[at + 2]];
    };
    const [r, g, b] = await edge(shapes);
    expect(g).toBeGreaterThan(200);
    expect(r! + b!).toBeLessThan(g!);
  });

  it('has no whole-frame picture of a face that came without its frame and is not recorded', async () => {
    const id = randomUUID();
    await sendBatch(ctx, key, {
      faces: [{ ...face(61_000, { camera: HALLWAY }), runtime_face_uuid: id, crop: (await jpegBytes(64)).toString('base64') }],
    });
    const [listed] = (await page({ camera_uuids: [HALLWAY], before: iso(base + 61_000), limit: 1, shapes: true })).faces;
    expect(listed).toMatchObject({ runtime_face_uuid: id, frame_uri: null });
  });
});
