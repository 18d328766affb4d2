import { randomUUID } from 'node:crypto';
import { seededRandom, type GalleryReply, type Model, type ModelPrototypesReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { EXIT, HALLWAY } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';

// With a building's setting on, recognition needs consent (issue 27): people without it leave the analyzers' gallery
// and the models delivered and trained, their photos' embeddings are refused, faces an analyzer still names as theirs
// are kept unmatched (no embedding, no alert), and the face data already kept of them goes. Off, nothing changes.
let ctx: TestContext;
let manager: string;
let staff: string;
let key: string;
/** Ana: no consent recorded; Ben: consent to recognition and alerts; Cleo: to recognition alone. All at elopement risk. */
let ana: string;
let ben: string;
let cleo: string;
const EMBEDDER = 'consent-embedder@1';
const DIMS = 16;
const random = seededRandom(27);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const unit = (values: number[]) => {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (v) => v / norm);
};
const centres = new Map<string, Float32Array>();
const near = (person: string) => {
  const noise = unit(Array.from({ length: DIMS }, () => random() - 0.5));
  const v = unit(Array.from(centres.get(person)!, (c, i) => 0.9 * c + 0.43 * noise[i]!));
  return Buffer.from(v.buffer).toString('base64');
};
let minute = Date.parse('2026-06-01T08:00:00Z');
/** A face an analyzer names as `person` (its best candidate too), with an embedding near theirs. */
const face = (person: string, camera = HALLWAY) => ({
  runtime_face_uuid: randomUUID() as string,
  camera_uuid: camera,
  captured_at: iso((minute += 60_000)),
  frontend_face_uuid: person,
  confidence: 0.97,
  candidates: [{ frontend_face_uuid: person, confidence: 0.97 }],
  embedding: near(person),
  embedder: EMBEDDER,
});

const gallery = async (version?: string) => {
  const query = version === undefined ? '' : `&version=${encodeURIComponent(version)}`;
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}${query}`, headers: bearer(key) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<GalleryReply & { changed: boolean }>();
};
const inGallery = (reply: GalleryReply) => new Set(reply.people.map((p) => p.frontend_face_uuid));
const photosOf = async (person: string) =>
  (await ctx.database.db.selectFrom('face_images').select('uuid').where('face_uuid', '=', person).execute()).map((r) => r.uuid);
const sendPhotoEmbeddings = async (person: string) => {
  const photos = (await photosOf(person)).map((image_uuid) => ({ image_uuid, embedding: near(person) }));
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/gallery/embeddings',
    headers: bearer(key),
    payload: { domain_uuid: MAPLE, embedder: EMBEDDER, photos },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ stored: number }>().stored;
};
/** What is kept of a person's face: their photos' embeddings, and the embeddings and finder codes of faces matched to them. */
const keptOf = async (person: string) => {
  const { db } = ctx.database;
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  const theirs = db.selectFrom('face_detections').select('runtime_face_uuid').where('frontend_face_uuid', '=', person);
  return {
    photos: await count(
      db
        .selectFrom('face_photo_embeddings')
        .innerJoin('face_images', 'face_images.uuid', 'face_photo_embeddings.image_uuid')
        .select('face_photo_embeddings.image_uuid')
        .where('face_images.face_uuid', '=', person),
    ),
    faces: await count(db.selectFrom('face_embeddings').select('runtime_face_uuid').where('runtime_face_uuid', 'in', theirs)),
    codes: await count(db.selectFrom('face_embedding_codes').select('runtime_face_uuid').where('runtime_face_uuid', 'in', theirs)),
  };
};
const ingest = async (faces: object[]) => {
  const reply = await sendBatch(ctx, key, { faces });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ faces: { accepted: number }; elopement_alerts: number }>();
};
const detection = (id: string) =>
  ctx.database.db
    .selectFrom('face_detections')
    .select(['frontend_face_uuid', 'analyzer_face_uuid', 'candidates', 'embedder'])
    .where('runtime_face_uuid', '=', id)
    .executeTakeFirstOrThrow();
const hasEmbedding = async (id: string) =>
  (await ctx.database.db
    .selectFrom('face_embeddings')
    .select('runtime_face_uuid')
    .where('runtime_face_uuid', '=', id)
    .executeTakeFirst()) !== undefined;
const setRequired = async (required: boolean) => {
  const reply = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/privacy/consent',
    headers: bearer(manager),
    payload: { domain_uuid: MAPLE, required },
  });
  expect(reply.statusCode, reply.body).toBe(200);
};
const setConsent = async (person: string, first: string, consent: object) => {
  const reply = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v6/faces/${person}`,
    headers: bearer(manager),
    payload: { face_info: info(first), consent },
  });
  expect(reply.statusCode, reply.body).toBe(200);
};
const info = (first: string, photo?: string) => ({
  first_name: first,
  last_name: 'Consent',
  role: 'resident',
  gender: 'female',
  complexion: 'Other',
  elopement_risk: true,
  ...(photo && { images: { add: [{ orientation: 'front', data: photo }] } }),
});
const post = (url: string, payload: object, token = staff) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
async function train(): Promise<Model> {
  const started = await post('/api/v1/training/models/train', { domain_uuid: MAPLE });
  expect(started.statusCode, started.body).toBe(200);
  // The newest model is the one just started.
  const find = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v1/training/models?domain_uuid=${MAPLE}`, headers: bearer(staff) })).json<{
      results: Model[];
    }>().results[0]!;
  await expect.poll(async () => (await find()).status, { timeout: 30_000 }).not.toBe('training');
  const model = await find();
  expect(model, model.message ?? '').toMatchObject({ status: 'ready' });
  return model;
}

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  staff = await ctx.signIn('staff@vigil.example');
  key = await detectorKey(ctx, manager, MAPLE, 'consent test');
  const add = async (first: string, consent?: object) => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v6/faces',
      headers: bearer(manager),
      payload: { domain_uuid: MAPLE, face_info: info(first, (await jpegBytes(160)).toString('base64')), ...(consent && { consent }) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const id = reply.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
    centres.set(id, unit(Array.from({ length: DIMS }, () => random() - 0.5)));
    return id;
  };
  ana = await add('Ana');
  ben = await add('Ben', { state: 'given', given_by: 'person', purposes: ['recognition', 'alerts'] });
  cleo = await add('Cleo', { state: 'given', given_by: 'representative', representative: 'Her son', purposes: ['recognition'] });
});
afterAll(() => ctx.close());

describe('recognition needs consent when the building says so', () => {
  let model: Model;

  it('is as before while the setting is off: everyone is in the gallery, their face data is kept, and a model knows them', async () => {
    const all = await gallery();
    for (const person of [ana, ben, cleo]) expect(inGallery(all).has(person)).toBe(true);
    for (const person of [ana, ben, cleo]) expect(await sendPhotoEmbeddings(person)).toBe(1);
    const faces = [ana, ben].flatMap((person) => Array.from({ length: 6 }, () => face(person)));
    expect((await ingest(faces)).faces.accepted).toBe(12);
    expect(await detection(faces[0]!.runtime_face_uuid)).toMatchObject({ frontend_face_uuid: ana, embedder: EMBEDDER });
    for (const person of [ana, ben]) {
      const ids = faces.filter((f) => f.frontend_face_uuid === person).map((f) => f.runtime_face_uuid);
      expect(
        (await post('/api/v4/facematchconfirm', { runtime_face_uuids: ids, frontend_face_uuid: person, is_correct: true })).statusCode,
      ).toBe(200);
    }
    expect(await keptOf(ana)).toEqual({ photos: 1, faces: 6, codes: 6 });
    model = await train();
    expect(model.num_identities).toBe(3);
    expect((await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: model.label })).statusCode).toBe(200);
  });

  it('turned on: who has no consent to recognition leaves the gallery and the model delivered, and their face data goes', async () => {
    const before = await gallery();
    expect(before.model?.uuid).toBe(model.uuid);
    const delivered = before.model!.prototypes;
    const owners = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/model?domain_uuid=${MAPLE}&uuid=${model.uuid}`, headers: bearer(key) })
      ).json<ModelPrototypesReply>();
    const all = await owners();
    expect(all.owners).toContain(ana);
    expect(all.owners).toContain(ben);
    const benKept = await keptOf(ben);

    await setRequired(true);
    const after = await gallery(before.version);
    expect(after.changed).toBe(true);
    expect(after.version).not.toBe(before.version);
    expect(inGallery(after).has(ana)).toBe(false);
    expect(inGallery(after).has(ben)).toBe(true);
    expect(inGallery(after).has(cleo)).toBe(true);
    // The same model, without Ana's prototypes (an analyzer refetches them as their count changed).
    expect(after.model?.uuid).toBe(model.uuid);
    expect(after.model!.prototypes).toBeLessThan(delivered);
    const prototypes = await owners();
    expect(prototypes.owners).toEqual(all.owners.filter((o) => o !== ana));
    // Each remaining row is the same as before (Ana's rows cut out, the others' kept in order).
    const rows = (reply: ModelPrototypesReply) =>
      reply.owners.map((o, i) => [
        o,
        Buffer.from(reply.vectors, 'base64')
          .subarray(i * DIMS * 4, (i + 1) * DIMS * 4)
          .toString('hex'),
      ]);
    expect(rows(prototypes)).toEqual(rows(all).filter(([o]) => o !== ana));
    expect(prototypes.owners).toHaveLength(after.model!.prototypes);
    expect(Buffer.from(prototypes.vectors, 'base64').length).toBe(prototypes.owners.length * DIMS * 4);

    expect(await keptOf(ana)).toEqual({ photos: 0, faces: 0, codes: 0 });
    expect(await keptOf(ben)).toEqual(benKept);
    // Nothing changed since: the analyzers are told so.
    expect((await gallery(after.version)).changed).toBe(false);
  });

  it('refuses to keep the photo embeddings of a person without consent, and stores the faces named as theirs unmatched', async () => {
    expect(await sendPhotoEmbeddings(ana)).toBe(0);
    expect(await keptOf(ana)).toEqual({ photos: 0, faces: 0, codes: 0 });

    // An analyzer with an older gallery still names Ana (and as a candidate) at the exit: kept as nobody's face,
    // without its embedding, and no elopement alert. Ben's consent covers alerts; Cleo's covers recognition alone.
    const [atExit, beside, benAtExit, cleoAtExit] = [face(ana, EXIT), face(ana), face(ben, EXIT), face(cleo, EXIT)];
    beside.candidates = [
      { frontend_face_uuid: ben, confidence: 0.97 },
      { frontend_face_uuid: ana, confidence: 0.9 },
    ];
    beside.frontend_face_uuid = ben;
    const reply = await ingest([atExit, beside, benAtExit, cleoAtExit]);
    expect(reply.faces.accepted).toBe(4);
    expect(reply.elopement_alerts).toBe(1);
    expect(await detection(atExit.runtime_face_uuid)).toEqual({
      frontend_face_uuid: null,
      analyzer_face_uuid: null,
      candidates: null,
      embedder: null,
    });
    expect(await hasEmbedding(atExit.runtime_face_uuid)).toBe(false);
    expect(JSON.parse((await detection(beside.runtime_face_uuid)).candidates!)).toEqual([{ frontend_face_uuid: ben, confidence: 0.97 }]);
    expect(await detection(cleoAtExit.runtime_face_uuid)).toMatchObject({ frontend_face_uuid: cleo });
    const alerts = await ctx.database.db
      .selectFrom('elopement_alerts')
      .select('frontend_face_uuid')
      .where('camera_uuid', '=', EXIT)
      .execute();
    expect(alerts.map((a) => a.frontend_face_uuid)).toContain(ben);
    expect(alerts.map((a) => a.frontend_face_uuid)).not.toContain(ana);
    expect(alerts.map((a) => a.frontend_face_uuid)).not.toContain(cleo);

    // A reviewer confirms an unmatched face to Ana: it is hers, and nothing of her face is kept.
    const unknown = { ...face(ana), frontend_face_uuid: undefined, candidates: undefined };
    await ingest([unknown]);
    expect(await hasEmbedding(unknown.runtime_face_uuid)).toBe(true);
    expect(
      (
        await post('/api/v4/facematchconfirm', {
          runtime_face_uuids: [unknown.runtime_face_uuid],
          frontend_face_uuid: ana,
          is_correct: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await hasEmbedding(unknown.runtime_face_uuid)).toBe(false);
  });

  it('trains no model on a person without consent', async () => {
    // Even with a face of hers left somehow (written behind the API's back), the training leaves her out.
    const { db } = ctx.database;
    const confirmed = await db
      .selectFrom('face_detections')
      .select('runtime_face_uuid')
      .where('frontend_face_uuid', '=', ana)
      .where('match_confirmed', '=', 1)
      .execute();
    expect(confirmed.length).toBeGreaterThan(0);
    await db
      .insertInto('face_embeddings')
      .values(
        confirmed.map((c) => ({
          runtime_face_uuid: c.runtime_face_uuid,
          embedder: EMBEDDER,
          dims: DIMS,
          vector: Buffer.from(near(ana), 'base64'),
        })),
      )
      .execute();
    const retrained = await train();
    expect(retrained.num_identities).toBe(2);
    const identities = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/training/models/${retrained.label}/identities?domain_uuid=${MAPLE}`,
        headers: bearer(staff),
      })
    ).json<{ identities: { uuid: string }[] }>().identities;
    expect(identities.map((i) => i.uuid).sort()).toEqual([ben, cleo].sort());
    await ctx.database.db
      .deleteFrom('face_embeddings')
      .where(
        'runtime_face_uuid',
        'in',
        confirmed.map((c) => c.runtime_face_uuid),
      )
      .execute();
  });

  it('granting consent makes the person recognisable again; withdrawing it forgets their face data again', async () => {
    const before = await gallery();
    await setConsent(ana, 'Ana', {
      state: 'given',
      given_by: 'representative',
      representative: 'Her daughter',
      purposes: ['recognition', 'alerts'],
    });
    const granted = await gallery(before.version);
    expect(granted.changed).toBe(true);
    expect(inGallery(granted).has(ana)).toBe(true);
    expect(granted.model!.prototypes).toBeGreaterThan(before.model!.prototypes);
    expect(await sendPhotoEmbeddings(ana)).toBe(1);
    const seen = face(ana);
    await ingest([seen]);
    expect(await detection(seen.runtime_face_uuid)).toMatchObject({ frontend_face_uuid: ana, embedder: EMBEDDER });
    expect(await keptOf(ana)).toMatchObject({ photos: 1, faces: 1, codes: 1 });

    await setConsent(ana, 'Ana', { state: 'refused', given_by: 'representative', representative: 'Her daughter' });
    const withdrawn = await gallery(granted.version);
    expect(withdrawn.changed).toBe(true);
    expect(inGallery(withdrawn).has(ana)).toBe(false);
    expect(await keptOf(ana)).toEqual({ photos: 0, faces: 0, codes: 0 });
    // The detection stays in her history; only its embedding went.
    expect(await detection(seen.runtime_face_uuid)).toMatchObject({ frontend_face_uuid: ana });
  });

  it('turned off again: everyone is recognised as before', async () => {
    const before = await gallery();
    await setRequired(false);
    const after = await gallery(before.version);
    expect(after.changed).toBe(true);
    expect(inGallery(after).has(ana)).toBe(true);
    const seen = face(ana, EXIT);
    const reply = await ingest([seen]);
    expect(await detection(seen.runtime_face_uuid)).toMatchObject({ frontend_face_uuid: ana, embedder: EMBEDDER });
    expect(reply.elopement_alerts).toBe(1);
  });
});
