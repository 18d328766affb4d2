import { randomUUID } from 'node:crypto';
import {
  seededRandom,
  type CurrentModelReply,
  type GalleryReply,
  type Model,
  type ModelIdentity,
  type ModelPrototypesReply,
} from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { HALLWAY, MARGARET } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';

// Model management over HTTP on a real database: confirmed faces with (synthetic) embeddings, a training in the
// background, its figures, loading it, and what the analyzers are then told.

let ctx: TestContext;
let staff: string;
let manager: string;
let key: string;
const EMBEDDER = 'test-embedder@1';
const DIMS = 32;
const random = seededRandom(99);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function unitVector(values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (v) => v / norm);
}
/** Three residents: Margaret (no photo) and two added with a photo; each a direction of the embedding space. */
const centres = new Map<string, Float32Array>();
const direction = () => unitVector(Array.from({ length: DIMS }, () => random() - 0.5));
function near(person: string, alike = 0.9): string {
  const centre = centres.get(person)!;
  const noise = unitVector(Array.from({ length: DIMS }, () => random() - 0.5));
  const v = unitVector(Array.from(centre, (c, i) => alike * c + Math.sqrt(1 - alike * alike) * noise[i]!));
  return Buffer.from(v.buffer).toString('base64');
}

const get = (url: string, token = staff) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = staff) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function trained(domain = MAPLE): Promise<Model> {
  // The training runs in the background: its progress says when it is done.
  await expect
    .poll(async () => (await get(`/api/v1/training/progress?domain_uuid=${domain}`)).json<{ running: boolean }>().running, {
      timeout: 30_000,
    })
    .toBe(false);
  return (await get(`/api/v1/training/models?domain_uuid=${domain}`)).json<{ results: Model[] }>().results[0]!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.signIn('staff@vigil.example');
  manager = await ctx.signIn('manager@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'models test');
  centres.set(MARGARET, direction());
  for (const first of ['Photo', 'Portrait']) {
    const info = {
      first_name: first,
      last_name: 'Resident',
      role: 'resident',
      gender: 'female',
      complexion: 'Other',
      elopement_risk: false,
      images: { add: [{ orientation: 'front', data: (await jpegBytes(160)).toString('base64') }] },
    };
    const added = await post('/api/v6/faces', { domain_uuid: MAPLE, face_info: info }, manager);
    expect(added.statusCode, added.body).toBe(200);
    centres.set(added.json<{ frontend_face_uuid: string }>().frontend_face_uuid, direction());
  }
  // Twelve faces of each of three residents, confirmed by a reviewer; three 'Not a Face'.
  const base = Date.parse('2026-05-01T08:00:00Z');
  const faces = [...centres.keys()].flatMap((person, p) =>
    Array.from({ length: 12 }, (_, i) => ({
      runtime_face_uuid: randomUUID() as string,
      camera_uuid: HALLWAY,
      captured_at: iso(base + (p * 12 + i) * 1000),
      frontend_face_uuid: person,
      confidence: 0.8,
      candidates: [{ frontend_face_uuid: person, confidence: 0.8 }],
      embedding: near(person),
      embedder: EMBEDDER,
    })),
  );
  const junk = Array.from({ length: 3 }, (_, i) => ({
    runtime_face_uuid: randomUUID() as string,
    camera_uuid: HALLWAY,
    captured_at: iso(base + 100_000 + i * 1000),
    confidence: 0.2,
    embedding: Buffer.from(unitVector(Array.from({ length: DIMS }, () => random() - 0.5)).buffer).toString('base64'),
    embedder: EMBEDDER,
  }));
  expect((await sendBatch(ctx, key, { faces: [...faces, ...junk] })).statusCode).toBe(200);
  for (const person of centres.keys()) {
    const ids = faces.filter((f) => f.frontend_face_uuid === person).map((f) => f.runtime_face_uuid);
    expect(
      (await post('/api/v4/facematchconfirm', { runtime_face_uuids: ids, frontend_face_uuid: person, is_correct: true })).statusCode,
    ).toBe(200);
  }
  for (const j of junk)
    expect((await post('/api/v4/faceconfirm', { runtime_face_uuid: j.runtime_face_uuid, is_face: false })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('training a model', () => {
  it('stores the registry photos’ embeddings an analyzer sends, for its building only', async () => {
    const gallery = (
      await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}`, headers: bearer(key) })
    ).json<GalleryReply>();
    const photos = gallery.people
      .filter((p) => centres.has(p.frontend_face_uuid))
      .flatMap((p) => p.images.map((image) => ({ image_uuid: image.uuid, embedding: near(p.frontend_face_uuid, 0.85) })));
    expect(photos.length).toBeGreaterThan(0);
    const send = (body: object, k = key) =>
      ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/gallery/embeddings', headers: bearer(k), payload: body });
    const stored = await send({ domain_uuid: MAPLE, embedder: EMBEDDER, photos });
    expect(stored.json()).toEqual({ ok: true, stored: photos.length });
    // Again: nothing new. A photo of another building, or a bad embedding, or another building's key: refused or skipped.
    expect((await send({ domain_uuid: MAPLE, embedder: EMBEDDER, photos })).json()).toEqual({ ok: true, stored: 0 });
    expect(
      (await send({ domain_uuid: MAPLE, embedder: EMBEDDER, photos: [{ image_uuid: randomUUID(), embedding: near(MARGARET) }] })).json(),
    ).toEqual({
      ok: true,
      stored: 0,
    });
    expect(
      (await send({ domain_uuid: MAPLE, embedder: EMBEDDER, photos: [{ image_uuid: photos[0]!.image_uuid, embedding: 'AAA' }] }))
        .statusCode,
    ).toBe(400);
    expect((await send({ domain_uuid: MAPLE, embedder: 'bad embedder!', photos })).statusCode).toBe(400);
    const birchKey = await detectorKey(ctx, manager, BIRCH, 'birch models');
    expect((await send({ domain_uuid: MAPLE, embedder: EMBEDDER, photos }, birchKey)).statusCode).toBe(403);
  });

  it('trains in the background from confirmed faces, photos and negatives, and reports what it measured', async () => {
    const started = await post('/api/v1/training/models/train', { domain_uuid: MAPLE });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toEqual({
      ok: true,
      message: 'Training started: the new model appears in the list when it is ready (a few minutes at most).',
    });
    const model = await trained();
    expect(model).toMatchObject({ status: 'ready', progress: 1, message: null, embedder: EMBEDDER, num_identities: 3, num_negatives: 3 });
    expect(model.label).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}$/);
    // Twelve tags each: 2 held out (20%), 10 and the photo(s) for training.
    expect(model.num_tags_validation).toBe(6);
    expect(model.top1_accuracy).toBe(1);
    expect(model.top5_accuracy).toBe(1);
    expect(model.threshold).toBeGreaterThanOrEqual(0.9);
    expect(model.false_accept_rate).toBeLessThanOrEqual(0.01);

    const identities = await get(`/api/v1/training/models/${model.label}/identities?domain_uuid=${MAPLE}`);
    const list = identities.json<{ identities: ModelIdentity[] }>().identities;
    expect(list.map((i) => i.uuid).sort()).toEqual([...centres.keys()].sort());
    expect(list.find((i) => i.uuid === MARGARET)).toMatchObject({
      name: 'Margaret Hill',
      category: 'resident',
      num_tags_validation: 2,
      num_tags_training: 10,
    });
    // The others' photos are on the training side too.
    expect(list.filter((i) => i.uuid !== MARGARET).map((i) => [i.name, i.num_tags_training])).toEqual([
      ['Photo Resident', 11],
      ['Portrait Resident', 11],
    ]);
    expect(list.every((i) => i.num_tags_training >= 10 && i.f1_score !== null)).toBe(true);
  });

  it('loads a model: the analyzers’ gallery names it, its prototypes are theirs to fetch, and then it counts as applied', async () => {
    const [model] = (await get(`/api/v1/training/models?domain_uuid=${MAPLE}`)).json<{ results: Model[] }>().results;
    const gallery = async (version?: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}${version ? `&version=${encodeURIComponent(version)}` : ''}`,
          headers: bearer(key),
        })
      ).json<GalleryReply & { changed: boolean }>();
    const before = await gallery();
    expect(before.model).toBeNull();

    const loaded = await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: model!.label });
    expect(loaded.json()).toEqual({
      ok: true,
      message: 'The model was succesfully loaded. Please wait a moment and then refresh the page.',
    });
    let current = (await get(`/api/v1/training/models/current?domain_uuid=${MAPLE}`)).json<CurrentModelReply>();
    expect(current).toMatchObject({ label: model!.label, applied: false });

    const after = await gallery(before.version);
    expect(after.changed).toBe(true);
    expect(after.model).toMatchObject({ uuid: model!.uuid, label: model!.label, embedder: EMBEDDER, dims: DIMS });
    expect(after.model!.calibration.threshold).toBe(model!.threshold);
    const prototypes = await ctx.app.inject({
      method: 'GET',
      url: `/api/ingest/v1/model?domain_uuid=${MAPLE}&uuid=${model!.uuid}`,
      headers: bearer(key),
    });
    const body = prototypes.json<ModelPrototypesReply>();
    expect(body.owners.length).toBe(after.model!.prototypes);
    expect(Buffer.from(body.vectors, 'base64').length).toBe(body.owners.length * DIMS * 4);
    expect(new Set(body.owners)).toEqual(new Set(centres.keys()));
    current = (await get(`/api/v1/training/models/current?domain_uuid=${MAPLE}`)).json<CurrentModelReply>();
    expect(current.applied).toBe(true);
    // Another model's prototypes are not handed out.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/model?domain_uuid=${MAPLE}&uuid=${randomUUID()}`, headers: bearer(key) }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses callers without the operations, other buildings, bad labels and a building with nothing to train on', async () => {
    expect((await get(`/api/v1/training/models?domain_uuid=${MAPLE}`, manager)).statusCode).toBe(403);
    expect((await get(`/api/v1/training/models/current?domain_uuid=${MAPLE}`, manager)).statusCode).toBe(403);
    expect((await post('/api/v1/training/models/train', { domain_uuid: MAPLE }, manager)).statusCode).toBe(403);
    expect((await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: '2026-01-01-00-00-00' }, manager)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v1/training/progress?domain_uuid=${MAPLE}`, manager)).statusCode).toBe(200);
    expect((await get(`/api/v1/training/models?domain_uuid=${randomUUID()}`)).statusCode).toBe(403);
    expect((await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: 'yesterday' })).statusCode).toBe(400);
    expect((await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: '2020-01-01-00-00-00' })).statusCode).toBe(404);
    expect((await get(`/api/v1/training/models/2020-01-01-00-00-00/identities?domain_uuid=${MAPLE}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/training/models?domain_uuid=${MAPLE}` })).statusCode).toBe(401);

    // Birch has no confirmed faces and no photo embeddings: nothing to train on.
    const birch = await post('/api/v1/training/models/train', { domain_uuid: BIRCH });
    expect(birch.statusCode).toBe(409);
    expect(birch.json()).toMatchObject({
      error: 'There is nothing to train on yet: confirm some detected faces (or add registry photos) first.',
    });
  });
});
