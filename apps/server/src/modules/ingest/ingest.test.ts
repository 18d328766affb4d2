import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ANALYZER, type EventsReply } from '@vigil/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { BIRCH_RECEPTION, HALLWAY, HAROLD, MARGARET } from '../../../test/demo-ids.js';

let ctx: TestContext;
let manager: string;
let nurse: string;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  key = await createKey(MAPLE, 'ingest test');
});
afterAll(() => ctx.close());

const createKey = (domain: string, name: string) => detectorKey(ctx, manager, domain, name);
const send = (payload: unknown, token = key) =>
  ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(token), payload: payload as object });
const event = (at = Date.now() - 1000, camera = HALLWAY, name = 'person') => ({
  camera_uuid: camera,
  started_at: new Date(at).toISOString(),
  objects: [{ name, confidence: 0.8 }],
});
const counts = async () => ({
  events: Number(
    (
      await ctx.database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  faces: Number(
    (
      await ctx.database.db
        .selectFrom('face_detections')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

// Retries, last seen, all-or-nothing and the socket's messages: ingest.service.test.ts.
describe('POST /api/ingest/v1/batch', () => {
  it('accepts a batch of events and faces and reports what it did', async () => {
    const reply = await send({
      events: [event(), event(Date.now() - 500, HALLWAY, 'ssd_car')],
      faces: [{ camera_uuid: HALLWAY, captured_at: new Date().toISOString(), frontend_face_uuid: MARGARET, confidence: 0.95 }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      ok: true,
      events: { accepted: 2, duplicates: 0 },
      faces: { accepted: 1, duplicates: 0 },
      alerts: 2,
      elopement_alerts: 0, // not an exit camera
    });
  });

  it('refuses a missing, made-up, session or revoked key with 401 and writes nothing', async () => {
    const before = await counts();
    const revokedKey = await createKey(MAPLE, 'to revoke');
    const list = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${MAPLE}`, headers: bearer(manager) });
    const revoked = list.json<{ detectors: { id: string; name: string }[] }>().detectors.find((d) => d.name === 'to revoke')!;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/ingest/v1/detectors/${revoked.id}`, headers: bearer(manager) })).statusCode,
    ).toBe(200);
    const noKey = await ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', payload: { events: [event()] } });
    expect(noKey.statusCode).toBe(401);
    for (const token of [`vgd_${'x'.repeat(43)}`, manager, revokedKey]) {
      const reply = await send({ events: [event()] }, token);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ ok: false, statusCode: 401 });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a malformed batch whole (400 naming the item) and writes nothing', async () => {
    const before = await counts();
    const good = Array.from({ length: 20 }, () => event());
    const cases: [unknown, RegExp][] = [
      [{ events: [...good, { ...event(), started_at: 'yesterday' }] }, /events\.20\.started_at/],
      [{ events: [...good, { ...event(), objects: [] }] }, /events\.20\.objects/],
      [{ events: [...good, { ...event(), objects: [{ name: 'person', confidence: 1.5 }] }] }, /confidence/],
      [{ events: [...good, { ...event(), objects: [{ name: 'p', confidence: 0.5, box: { x: 0.9, y: 0, w: 0.5, h: 0.5 } }] }] }, /box/],
      [{ events: [...good, event(Date.now(), BIRCH_RECEPTION)] }, /events\[20\]\.camera_uuid: no camera/],
      [{ events: [...good, event(Date.now() + 3_600_000)] }, /events\[20\]\.started_at is in the future/],
      [
        {
          events: good,
          faces: [{ camera_uuid: HALLWAY, captured_at: new Date().toISOString(), frontend_face_uuid: HAROLD, confidence: 0.99 }],
        },
        /not a person in this detector's building/,
      ],
      [{ events: [] }, /at least one event or face/],
      [{ events: Array.from({ length: 5001 }, () => event()) }, /events/],
    ];
    for (const [payload, message] of cases) {
      const reply = await send(payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/batch',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(broken.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe("an event's frame", () => {
  /** A real JPEG as an analyzer sends it: 320 px wide. */
  const jpeg = (colour: string) =>
    sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const eventFiles = () => {
    const dir = join(ctx.config.video.mediaDir, 'frames', 'event');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const listed = async (sourceId: string) => {
    const row = await ctx.database.db
      .selectFrom('events')
      .select(['id', 'started_at'])
      .where('source_id', '=', sourceId)
      .executeTakeFirstOrThrow();
    const at = new Date(Number(row.started_at)).toISOString();
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/v1/alerts?domain_uuid=${MAPLE}&camera_uuid=${HALLWAY}&since=${at}&until=${at}`,
      headers: bearer(manager),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<EventsReply>().data.find((e) => e.id === row.id)!;
  };

  it('is the picture the event is listed with at once, before any clip of that moment exists', async () => {
    const [recent, old] = await Promise.all([jpeg('#2a6'), jpeg('#a62')]);
    const reply = await send({
      events: [
        { ...event(Date.now() - 2000), source_id: 'frame-recent', frame: recent.toString('base64') },
        // Long before the live window, and never recorded: without its frame it would have no picture at all.
        { ...event(Date.now() - 10 * 60_000), source_id: 'frame-old', frame: old.toString('base64') },
        { ...event(Date.now() - 10 * 60_000), source_id: 'frame-none' },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await ctx.database.db.selectFrom('clips').select('file').where('camera_uuid', '=', HALLWAY).execute()).toEqual([]);

    for (const [sourceId, sent] of [
      ['frame-recent', recent],
      ['frame-old', old],
    ] as const) {
      const listedEvent = await listed(sourceId);
      expect(listedEvent.thumbnail_uri, sourceId).toMatch(new RegExp(`^/media/\\d+\\.[\\w-]{32}/frames/event/${listedEvent.id}\\.jpg$`));
      const picture = await ctx.app.inject({ method: 'GET', url: listedEvent.thumbnail_uri! });
      expect(picture.statusCode, sourceId).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(picture.rawPayload, sent), sourceId).toBe(0);
    }
    expect((await listed('frame-none')).thumbnail_uri).toBeNull();

    // A retried batch is a duplicate: no second picture.
    const files = eventFiles();
    expect(files).toHaveLength(2);
    const again = await send({ events: [{ ...event(Date.now() - 2000), source_id: 'frame-recent', frame: recent.toString('base64') }] });
    expect(again.json()).toMatchObject({ events: { accepted: 0, duplicates: 1 } });
    expect(eventFiles()).toEqual(files);
  });

  it('is refused when it is not a JPEG or too large (the whole batch, nothing stored)', async () => {
    const before = { rows: await counts(), files: eventFiles() };
    const png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    // JPEG bytes, one KiB over the limit
    const huge = Buffer.concat([await jpeg('#222'), Buffer.alloc(ANALYZER.maxEventFrameBytes + 1024)]);
    const withFrame = (frame: string) => ({ events: [event(), { ...event(), frame }] });
    const cases: [object, RegExp][] = [
      [withFrame(png.toString('base64')), /^events\[1\]\.frame must be a JPEG image\.$/],
      [withFrame(huge.toString('base64')), /^body\.events\.1\.frame: must be a JPEG of at most 256 KiB \(base64\)$/],
      [withFrame('not base64!'), /^body\.events\.1\.frame: must be base64$/],
    ];
    for (const [payload, message] of cases) {
      const reply = await send(payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    // Over the whole request's limit, it is refused before it is read.
    const enormous = await send(withFrame(Buffer.alloc(17 * 1024 * 1024).toString('base64')));
    expect(enormous.statusCode).toBe(413);
    expect({ rows: await counts(), files: eventFiles() }).toEqual(before);
  });
});

describe('detector keys', () => {
  it('are made, listed and revoked only with alerting/edit in the building', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/detectors',
      headers: bearer(nurse),
      payload: { domain_uuid: MAPLE, name: 'x', purposes: ['detector'] },
    });
    expect(made.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${MAPLE}`, headers: bearer(nurse) })).statusCode,
    ).toBe(403);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${MAPLE}`, headers: bearer(manager) });
    const detectors = list.json<{ detectors: { id: string; key_prefix: string; last_used_at: string | null }[] }>().detectors;
    expect(detectors.length).toBeGreaterThan(0);
    expect(JSON.stringify(list.json())).not.toContain(key);
    expect(detectors.some((d) => key.startsWith(d.key_prefix) && d.last_used_at !== null)).toBe(true);
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/ingest/v1/detectors/${detectors[0]!.id}`, headers: bearer(nurse) });
    expect(foreign.statusCode).toBe(403);
    const rows = await ctx.database.db.selectFrom('detectors').select('key_hash').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });
});
