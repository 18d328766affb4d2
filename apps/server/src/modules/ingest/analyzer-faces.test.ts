import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { jpegBytes } from '../../../test/pictures.js';

// Faces as an analyzer sends them to ingest: candidates, the crop as the detection's picture, the embedding.
const HALLWAY = 'c1a00001-0000-4000-8000-00000000a003';
const MARGARET = 'f0ce0001-0000-4000-8000-00000000a001';
const MAPLE_PERSON_2 = 'f0ce0001-0000-4000-8000-00000000a002';
const HAROLD = 'f0ce0001-0000-4000-8000-00000000b001';

describe('faces from an analyzer: candidates, crop, embedding', () => {
  let ctx: TestContext;
  let manager: string;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.signIn('manager@maple.example');
    key = await detectorKey(ctx, manager, MAPLE, 'analyzers');
  });
  afterAll(() => ctx.close());

  const at = (msAgo = 2000) => new Date(Math.floor((ctx.clock.now() - msAgo) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const detection = (id: string) =>
    ctx.database.db.selectFrom('face_detections').selectAll().where('runtime_face_uuid', '=', id).executeTakeFirst();
  const posterFile = (id: string) => join(ctx.config.video.mediaDir, 'frames', 'poster', `${id}.jpg`);
  const embedding = Buffer.from(new Float32Array([0.25, -0.5, 1, 0.125]).buffer).toString('base64');

  it('stores them, and the crop is the picture of the detection', async () => {
    const id = 'fa000000-0000-4000-8000-0000000000c1';
    const crop = await jpegBytes(96);
    const reply = await sendBatch(ctx, key, {
      faces: [
        {
          runtime_face_uuid: id,
          camera_uuid: HALLWAY,
          captured_at: at(),
          frontend_face_uuid: null,
          confidence: 0.62,
          face_confidence: 0.97,
          face_height: 88,
          candidates: [
            { frontend_face_uuid: MARGARET, confidence: 0.62 },
            { frontend_face_uuid: MAPLE_PERSON_2, confidence: 0.41 },
          ],
          embedding,
          crop: crop.toString('base64'),
        },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ faces: { accepted: 1, duplicates: 0 } });
    const row = (await detection(id))!;
    expect(row).toMatchObject({
      frontend_face_uuid: null,
      analyzer_face_uuid: null,
      face_height: 88,
      embedder: expect.stringMatching(/^detector:/),
    });
    // The embedding in its side table as raw float32 bytes; named by the detector, since it named no embedder.
    const stored = await ctx.database.db
      .selectFrom('face_embeddings')
      .selectAll()
      .where('runtime_face_uuid', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ dims: 4, embedder: row.embedder });
    expect(Buffer.from(stored.vector).toString('base64')).toBe(embedding);
    // Searchable by person: the candidates, best first.
    expect(
      await ctx.database.db
        .selectFrom('face_detection_candidates')
        .select(['frontend_face_uuid', 'rank'])
        .where('runtime_face_uuid', '=', id)
        .orderBy('rank')
        .execute(),
    ).toEqual([
      { frontend_face_uuid: MARGARET, rank: 0 },
      { frontend_face_uuid: MAPLE_PERSON_2, rank: 1 },
    ]);
    expect(row.confidence).toBeCloseTo(0.62, 5);
    expect(row.face_confidence).toBeCloseTo(0.97, 5);
    expect(JSON.parse(row.candidates!)).toEqual([
      { frontend_face_uuid: MARGARET, confidence: 0.62 },
      { frontend_face_uuid: MAPLE_PERSON_2, confidence: 0.41 },
    ]);
    const link = await ctx.app.inject({ method: 'GET', url: `/api/v4/faceimage/${id}`, headers: bearer(manager) });
    expect(link.statusCode, link.body).toBe(302);
    expect(link.headers.location).toMatch(new RegExp(`^/media/\\d+\\.[\\w-]{32}/frames/poster/${id}\\.jpg$`));
    const picture = await ctx.app.inject({ method: 'GET', url: String(link.headers.location) });
    expect(picture.statusCode).toBe(200);
    expect(Buffer.compare(picture.rawPayload, crop)).toBe(0);
  });

  it('keeps the crop as the picture of a face seen before the live window, with no recording of it', async () => {
    const id = 'fa000000-0000-4000-8000-0000000000c2';
    const crop = await jpegBytes(64);
    const reply = await sendBatch(ctx, key, {
      faces: [
        { runtime_face_uuid: id, camera_uuid: HALLWAY, captured_at: at(10 * 60_000), confidence: 0.3, crop: crop.toString('base64') },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const link = await ctx.app.inject({ method: 'GET', url: `/api/v4/faceimage/${id}`, headers: bearer(manager) });
    expect(link.statusCode, link.body).toBe(302);
    const picture = await ctx.app.inject({ method: 'GET', url: String(link.headers.location) });
    expect(Buffer.compare(picture.rawPayload, crop)).toBe(0);
    // One with neither crop nor recording has no picture.
    const bare = 'fa000000-0000-4000-8000-0000000000c3';
    await sendBatch(ctx, key, {
      faces: [{ runtime_face_uuid: bare, camera_uuid: HALLWAY, captured_at: at(10 * 60_000), confidence: 0.3 }],
    });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v4/faceimage/${bare}`, headers: bearer(manager) })).statusCode).toBe(404);
  });

  it('refuses a crop that is not a JPEG, a crop without its detection id, and a candidate of another building (400, nothing written)', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const face = (id: string, extra: object) => ({
      runtime_face_uuid: id,
      camera_uuid: HALLWAY,
      captured_at: at(),
      confidence: 0.5,
      ...extra,
    });
    const cases: [object, RegExp][] = [
      [
        { faces: [face('fa000000-0000-4000-8000-0000000000d1', { crop: png.toString('base64') })] },
        /faces\[0\]\.crop must be a JPEG image/,
      ],
      [
        { faces: [{ camera_uuid: HALLWAY, captured_at: at(), confidence: 0.5, crop: (await jpegBytes(32)).toString('base64') }] },
        /faces\[0\]: a face with a crop needs its runtime_face_uuid/,
      ],
      [
        { faces: [face('fa000000-0000-4000-8000-0000000000d2', { candidates: [{ frontend_face_uuid: HAROLD, confidence: 0.5 }] })] },
        new RegExp(`frontend_face_uuid ${HAROLD} is not a person in this detector's building`),
      ],
      [{ faces: [face('fa000000-0000-4000-8000-0000000000d3', { crop: 'not base64!' })] }, /crop/],
      [{ faces: [face('fa000000-0000-4000-8000-0000000000d4', { embedding: 'AAAAAAA=' })] }, /embedding must be float32/],
    ];
    for (const [payload, message] of cases) {
      const reply = await sendBatch(ctx, key, payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    for (const id of ['d1', 'd2', 'd3', 'd4'].map((n) => `fa000000-0000-4000-8000-0000000000${n}`)) {
      expect(await detection(id)).toBeUndefined();
      expect(existsSync(posterFile(id))).toBe(false);
    }
  });

  it('drops a deleted person from the candidates', async () => {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/v6/faces',
      headers: bearer(manager),
      payload: {
        domain_uuid: MAPLE,
        face_info: {
          first_name: 'Gone',
          last_name: 'Soon',
          role: 'resident',
          gender: 'male',
          complexion: 'caucasian',
          elopement_risk: false,
        },
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const gone = added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v6/faces/${gone}`, headers: bearer(manager) })).statusCode).toBe(200);
    const reply = await sendBatch(ctx, key, {
      faces: [
        {
          runtime_face_uuid: 'fa000000-0000-4000-8000-0000000000e1',
          camera_uuid: HALLWAY,
          captured_at: at(),
          confidence: 0.7,
          candidates: [
            { frontend_face_uuid: gone, confidence: 0.7 },
            { frontend_face_uuid: MARGARET, confidence: 0.5 },
          ],
        },
        {
          runtime_face_uuid: 'fa000000-0000-4000-8000-0000000000e2',
          camera_uuid: HALLWAY,
          captured_at: at(),
          confidence: 0.7,
          candidates: [{ frontend_face_uuid: gone, confidence: 0.7 }],
        },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(JSON.parse((await detection('fa000000-0000-4000-8000-0000000000e1'))!.candidates!)).toEqual([
      { frontend_face_uuid: MARGARET, confidence: 0.5 },
    ]);
    expect((await detection('fa000000-0000-4000-8000-0000000000e2'))!.candidates).toBeNull();
  });
});
