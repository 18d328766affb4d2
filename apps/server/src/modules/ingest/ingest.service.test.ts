import { ingestBatchSchema, type IngestReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectorRow } from '../../db/schema.js';
import { BIRCH, MAPLE } from '../../../test/harness.js';
import { BIRCH_RECEPTION, EDITH, HALLWAY, HAROLD, MARGARET } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';

// Ingest on a real database, without HTTP: what a batch stores, what a retry changes (nothing), whom a face moves
// forward, what is all-or-nothing, and what the live socket is told. (ingest.test.ts keeps the keys' 401s, the
// contract's 400s and the reply's shape.)

let ctx: ServiceContext;
let detector: DetectorRow;
beforeAll(async () => {
  ctx = await createServiceContext();
  detector = (await ctx.detectors.issue(MAPLE, 'ingest service test', ['detector'], null)).detector;
});
afterAll(() => ctx.close());

const ingest = (batch: object, by = detector): Promise<IngestReply> => ctx.ingest.ingest(by, ingestBatchSchema.parse(batch));
const event = (at = ctx.clock.now() - 1000, camera = HALLWAY, name = 'person') => ({
  camera_uuid: camera,
  started_at: new Date(at).toISOString(),
  objects: [{ name, confidence: 0.8 }],
});
/** The smallest JPEG the ingest checks accept: its start-of-image marker. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');
const count = async (table: 'events' | 'face_detections') =>
  Number(
    (
      await ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a batch', () => {
  it('makes retries safe: a repeated source_id or runtime_face_uuid is a duplicate, not a second row', async () => {
    const batch = {
      events: [
        { ...event(), source_id: 'cam3-frame-1001' },
        { ...event(), source_id: 'cam3-frame-1001' },
      ],
      faces: [
        {
          runtime_face_uuid: 'fa000000-0000-4000-8000-000000000001',
          camera_uuid: HALLWAY,
          captured_at: new Date(ctx.clock.now()).toISOString(),
          confidence: 0.7,
        },
      ],
    };
    const before = { events: await count('events'), faces: await count('face_detections') };
    expect(await ingest(batch)).toMatchObject({ events: { accepted: 1, duplicates: 1 }, faces: { accepted: 1, duplicates: 0 } });
    expect(await ingest(batch)).toMatchObject({ events: { accepted: 0, duplicates: 2 }, faces: { accepted: 0, duplicates: 1 } });
    expect({ events: await count('events'), faces: await count('face_detections') }).toEqual({
      events: before.events + 1,
      faces: before.faces + 1,
    });
    // Another detector's source_id is its own: the same id from it is a new event.
    const other = (await ctx.detectors.issue(MAPLE, 'another detector', ['detector'], null)).detector;
    expect(await ingest({ events: [{ ...event(), source_id: 'cam3-frame-1001' }] }, other)).toMatchObject({ events: { accepted: 1 } });
  });

  it("keeps the pictures of a face its detector sent before without them, and of no other detector's face", async () => {
    // a face sent at once, so that an alert waits for no picture; its crop and frame follow in a second request
    const face = {
      runtime_face_uuid: 'fa000000-0000-4000-8000-0000000000f1',
      camera_uuid: HALLWAY,
      captured_at: new Date(ctx.clock.now() - 500).toISOString(),
      confidence: 0.4,
    };
    expect(await ingest({ faces: [face] })).toMatchObject({ faces: { accepted: 1, duplicates: 0 } });
    expect(ctx.pictures.exists('poster', face.runtime_face_uuid)).toBe(false);
    const other = (await ctx.detectors.issue(MAPLE, 'a detector repeating an id', ['detector'], null)).detector;
    expect(await ingest({ faces: [{ ...face, crop: JPEG }] }, other)).toMatchObject({ faces: { accepted: 0, duplicates: 1 } });
    expect(ctx.pictures.exists('poster', face.runtime_face_uuid)).toBe(false);
    expect(await ingest({ faces: [{ ...face, crop: JPEG, frame: JPEG }] })).toMatchObject({ faces: { accepted: 0, duplicates: 1 } });
    expect(ctx.pictures.exists('poster', face.runtime_face_uuid)).toBe(true);
    expect(ctx.pictures.exists('face', face.runtime_face_uuid)).toBe(true);
  });

  it("moves a person's last seen forward to their newest sighting, never back", async () => {
    const now = ctx.clock.now();
    await ingest({
      faces: [
        { camera_uuid: HALLWAY, captured_at: new Date(now - 20_000).toISOString(), frontend_face_uuid: EDITH, confidence: 0.9 },
        { camera_uuid: HALLWAY, captured_at: new Date(now - 10_000).toISOString(), frontend_face_uuid: EDITH, confidence: 0.9 },
      ],
    });
    expect((await ctx.faces.person(EDITH))!.last_seen_at).toBe(now - 10_000);
    // A detector that was behind sends an older sighting: last seen stays.
    await ingest({
      faces: [{ camera_uuid: HALLWAY, captured_at: new Date(now - 60_000).toISOString(), frontend_face_uuid: EDITH, confidence: 0.9 }],
    });
    expect((await ctx.faces.person(EDITH))!).toMatchObject({ last_seen_at: now - 10_000, last_seen_camera_uuid: HALLWAY });
  });

  it('is refused whole, writing nothing, when one face names a person of another building or a camera is not its own', async () => {
    const before = { events: await count('events'), faces: await count('face_detections') };
    const now = ctx.clock.now();
    const good = { camera_uuid: HALLWAY, captured_at: new Date(now).toISOString(), frontend_face_uuid: MARGARET, confidence: 0.9 };
    await expect(ingest({ events: [event()], faces: [good, { ...good, frontend_face_uuid: HAROLD }] })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/not a person in this detector's building/),
    });
    await expect(ingest({ events: [event(now, BIRCH_RECEPTION)] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(ingest({ events: [event(now + 3_600_000)] })).rejects.toMatchObject({ message: 'events[0].started_at is in the future.' });
    expect({ events: await count('events'), faces: await count('face_detections') }).toEqual(before);
    const birch = (await ctx.detectors.issue(BIRCH, 'birch detector', ['detector'], null)).detector;
    expect(await ingest({ events: [event(now, BIRCH_RECEPTION)] }, birch)).toMatchObject({ events: { accepted: 1 } });
  });

  it('tells the live socket about the alerts it made, after they are stored, and about nothing else', async () => {
    ctx.notices.length = 0;
    const reply = await ingest({ events: [event(), event(ctx.clock.now() - 500, HALLWAY, 'ssd_car')] });
    // Without alert settings every event is an alert (part 1).
    expect(reply.alerts).toBe(2);
    expect(ctx.notices).toHaveLength(2);
    const [objects, elopement] = ctx.notices;
    expect(objects).toMatchObject({ kind: 'objects', domain: MAPLE });
    const stored = await ctx.database.db.selectFrom('events').select(['id', 'alerted']).where('id', 'in', objects!.ids).execute();
    expect(stored.map((e) => e.alerted)).toEqual([1, 1]);
    expect(elopement).toEqual({ kind: 'elopement', domain: MAPLE, ids: [] });
  });
});
