import { faceInfoSchema, ingestBatchSchema, type Face, type FaceInfo } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import type { DetectorRow } from '../../db/schema.js';
import { MAPLE } from '../../../test/harness.js';
import { DINING_ROOM, HALLWAY } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';

// The faces registry's rules on a real database, without HTTP: last seen and history follow the detections matched to a
// person and the answers reviewers give about them. (faces.test.ts keeps what only HTTP shows: uploads and their
// refusals, who gets 403 or 404, signed links, the list as a client reads it.)

let ctx: ServiceContext;
let detector: DetectorRow;
let manager: Principal;
let managerId: string;
beforeAll(async () => {
  ctx = await createServiceContext();
  detector = (await ctx.detectors.issue(MAPLE, 'faces service test', ['detector'], null)).detector;
  manager = await ctx.principal('manager@maple.example');
  managerId = (await ctx.repos.access.findUserByEmail('manager@maple.example'))!.id;
});
afterAll(() => ctx.close());

const resident = (first_name: string): FaceInfo => ({
  first_name,
  last_name: 'Tester',
  role: 'resident',
  gender: 'female',
  complexion: 'caucasian',
  room_number: '101',
  bed: 'A',
  elopement_risk: false,
});
const added = async (first_name: string) =>
  (await ctx.registry.add(manager, MAPLE, faceInfoSchema.parse(resident(first_name)))).frontend_face_uuid;
/** Whole seconds, an hour or more ago: the detections are past, as a detector reports them. */
const clockAt = (hoursAgo: number) => {
  const base = Math.floor(ctx.clock.now() / 1000) * 1000 - hoursAgo * 3600_000;
  return (minutes: number) => new Date(base + minutes * 60_000).toISOString().replace('.000Z', 'Z');
};
const seen = (person: string, sightings: [camera: string, capturedAt: string][]) =>
  ctx.ingest.ingest(
    detector,
    ingestBatchSchema.parse({
      faces: sightings.map(([camera_uuid, captured_at]) => ({ camera_uuid, captured_at, frontend_face_uuid: person, confidence: 0.93 })),
    }),
  );
const listed = async (person: string) =>
  (JSON.parse((await ctx.registry.listJson(manager, MAPLE)).toString('utf8')) as { faces: Face[] }).faces.find(
    (f) => f.frontend_face_uuid === person,
  );
const lastSeen = async (person: string) => {
  const { face } = await ctx.registry.one(manager, person);
  return [face.last_seen_datetime, face.last_seen_camera_uuid];
};
const newestDetection = (person: string) =>
  ctx.database.db
    .selectFrom('face_detections')
    .select('runtime_face_uuid')
    .where('frontend_face_uuid', '=', person)
    .orderBy('captured_at', 'desc')
    .executeTakeFirstOrThrow();

describe('last seen and history', () => {
  it('follow the detections matched to a person, newest first, merged per camera within 300 s, paged', async () => {
    const id = await added('Seen');
    const at = clockAt(1);
    const reply = await seen(id, [
      [HALLWAY, at(0)],
      [HALLWAY, at(2)],
      [HALLWAY, at(4)],
      [DINING_ROOM, at(10)],
      [HALLWAY, at(30)],
      [DINING_ROOM, at(31)],
    ]);
    expect(reply.faces.accepted).toBe(6);
    expect(await listed(id)).toMatchObject({
      last_seen_datetime: at(31),
      last_seen_camera_uuid: DINING_ROOM,
      last_seen_camera_description: 'Dining Room',
    });

    const page = await ctx.registry.history(manager, id, 50, undefined);
    expect(page.detections).toBe(6);
    expect(page.next_before).toBeNull();
    expect(page.history.map((h) => [h.captured_at, h.camera_uuid, h.mergeCount])).toEqual([
      [at(31), DINING_ROOM, 1],
      [at(30), HALLWAY, 1],
      [at(10), DINING_ROOM, 1],
      [at(4), HALLWAY, 3],
    ]);
    expect(page.history[3]!.merged).toBe(true);
    const first = await ctx.registry.history(manager, id, 2, undefined);
    expect(first.detections).toBe(2);
    expect(Date.parse(first.next_before!)).toBe(Date.parse(at(30)));
    expect(await ctx.registry.history(manager, id, 10, first.next_before!)).toMatchObject({ detections: 4, next_before: null });
  });

  it('pages one detection at a time without losing either of two sightings within one second', async () => {
    const twice = await added('Twice');
    const second = new Date(Math.floor(ctx.clock.now() / 1000) * 1000 - 600_000).toISOString();
    await seen(twice, [
      [HALLWAY, second.replace('.000Z', '.200Z')],
      [DINING_ROOM, second.replace('.000Z', '.700Z')],
    ]);
    const page1 = await ctx.registry.history(manager, twice, 1, undefined);
    const page2 = await ctx.registry.history(manager, twice, 1, page1.next_before!);
    expect([page1.history[0]?.camera_uuid, page2.history[0]?.camera_uuid]).toEqual([DINING_ROOM, HALLWAY]);
    expect(await ctx.registry.history(manager, twice, 1, page2.next_before!)).toMatchObject({ detections: 0, next_before: null });
  });

  it('follow reviews made through the review service: "not this person" or "not a face" moves last seen back, taking it back restores it', async () => {
    const id = await added('Reviewed');
    const at = clockAt(2);
    await seen(id, [
      [HALLWAY, at(0)],
      [DINING_ROOM, at(5)],
    ]);
    const newest = (await newestDetection(id)).runtime_face_uuid;
    expect(await lastSeen(id)).toEqual([at(5), DINING_ROOM]);
    await ctx.reviews.reviewIsFace(newest, false, managerId, ctx.clock.now());
    expect(await lastSeen(id)).toEqual([at(0), HALLWAY]);
    expect((await listed(id))?.last_seen_datetime, 'the list follows at once').toBe(at(0));
    await ctx.reviews.reviewIsFace(newest, true, managerId, ctx.clock.now());
    expect(await lastSeen(id)).toEqual([at(5), DINING_ROOM]);
    await ctx.reviews.reviewMatch([newest], id, false, managerId, ctx.clock.now());
    expect(await lastSeen(id)).toEqual([at(0), HALLWAY]);
    expect((await ctx.registry.history(manager, id, 50, undefined)).detections, 'history drops what is not them').toBe(1);
    await ctx.reviews.reviewMatch([newest], id, null, managerId, ctx.clock.now());
    expect(await lastSeen(id)).toEqual([at(5), DINING_ROOM]);
  });

  it('has no last seen for someone never seen, and forgets a deleted person in the list and the detections stay', async () => {
    const id = await added('Unseen');
    expect(await lastSeen(id)).toEqual([null, null]);
    const gone = await added('Gone');
    await seen(gone, [[HALLWAY, clockAt(3)(0)]]);
    await ctx.registry.remove(manager, gone);
    expect(await listed(gone)).toBeUndefined();
    await expect(ctx.registry.one(manager, gone)).rejects.toMatchObject({ statusCode: 404 });
    expect(await newestDetection(gone)).toBeDefined();
  });
});

describe('answers about a detection', () => {
  it("are kept apart from what the analyzer said: a person named by a reviewer, and taken back, gives the analyzer's match back", async () => {
    const analyzerSaid = await added('Analyzed');
    const reviewerSaid = await added('Corrected');
    const at = clockAt(4);
    await seen(analyzerSaid, [[HALLWAY, at(0)]]);
    const detection = (await newestDetection(analyzerSaid)).runtime_face_uuid;
    const row = () =>
      ctx.database.db
        .selectFrom('face_detections')
        .select(['frontend_face_uuid', 'analyzer_face_uuid', 'match_confirmed'])
        .where('runtime_face_uuid', '=', detection)
        .executeTakeFirstOrThrow();
    await ctx.reviews.reviewMatch([detection], reviewerSaid, true, managerId, ctx.clock.now());
    expect(await row()).toEqual({ frontend_face_uuid: reviewerSaid, analyzer_face_uuid: analyzerSaid, match_confirmed: 1 });
    expect(await lastSeen(reviewerSaid)).toEqual([at(0), HALLWAY]);
    expect(await lastSeen(analyzerSaid)).toEqual([null, null]);
    await ctx.reviews.reviewMatch([detection], reviewerSaid, null, managerId, ctx.clock.now());
    expect(await row()).toEqual({ frontend_face_uuid: analyzerSaid, analyzer_face_uuid: analyzerSaid, match_confirmed: null });
    expect(await lastSeen(analyzerSaid)).toEqual([at(0), HALLWAY]);
    expect(await lastSeen(reviewerSaid)).toEqual([null, null]);
    // Every answer is a row of the log, in the order given (the clock did not move between them).
    const log = await ctx.database.db
      .selectFrom('face_reviews')
      .select(['kind', 'frontend_face_uuid', 'answer', 'reviewed_by'])
      .where('runtime_face_uuid', '=', detection)
      .orderBy('seq')
      .execute();
    expect(log).toEqual([
      { kind: 'match', frontend_face_uuid: reviewerSaid, answer: 1, reviewed_by: managerId },
      { kind: 'match', frontend_face_uuid: reviewerSaid, answer: null, reviewed_by: managerId },
    ]);
  });

  it('answer many detections at once, each logged, in one transaction', async () => {
    const person = await added('Many');
    const at = clockAt(5);
    await seen(person, [
      [HALLWAY, at(0)],
      [DINING_ROOM, at(1)],
      [HALLWAY, at(2)],
    ]);
    const ids = (
      await ctx.database.db.selectFrom('face_detections').select('runtime_face_uuid').where('analyzer_face_uuid', '=', person).execute()
    ).map((r) => r.runtime_face_uuid);
    expect(ids).toHaveLength(3);
    await ctx.reviews.reviewMatch(ids, person, true, managerId, ctx.clock.now());
    const rows = await ctx.database.db
      .selectFrom('face_detections')
      .select(['match_confirmed'])
      .where('runtime_face_uuid', 'in', ids)
      .execute();
    expect(rows.map((r) => r.match_confirmed)).toEqual([1, 1, 1]);
    const logged = await ctx.database.db
      .selectFrom('face_reviews')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('runtime_face_uuid', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBe(3);
  });
});
