import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ERASED_PERSON,
  pinDigest,
  seededRandom,
  type ElopementAlert,
  type ErasurePreviewReply,
  type ErasureReceipt,
  type GalleryReply,
  type Model,
  type ModelPrototypesReply,
} from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE, BIRCH, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { EXIT, HALLWAY, HAROLD } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { filesUnder, findInTables } from '../../../test/table-scan.js';
import { unzip } from '../../../test/zip.js';

// "Erase this person" and "Export this person's data" (issue 27) over HTTP on a real database: a person with photos,
// consent answers, detections (confirmed, matched, and others' that name them), pictures, an alert and a trained model
// loaded in the building; exported, then erased; afterwards every table and the media folder are scanned for them.

let ctx: TestContext;
let staff: string;
let manager: string;
let nurse: string;
let birchOnly: string;
let mapleCaregiver: string;
let key: string;
const EMBEDDER = 'test-embedder@1';
const DIMS = 32;
const random = seededRandom(2027);
const iso = (ms: number) => new Date(ms).toISOString();

const unitVector = (values: number[]) => {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (v) => v / norm);
};
const direction = () => unitVector(Array.from({ length: DIMS }, () => random() - 0.5));
const near = (centre: Float32Array, alike = 0.9) => {
  const noise = direction();
  const v = unitVector(Array.from(centre, (c, i) => alike * c + Math.sqrt(1 - alike * alike) * noise[i]!));
  return Buffer.from(v.buffer).toString('base64');
};

const get = (url: string, token = staff) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = staff) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const gallery = async (version?: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}${version ? `&version=${encodeURIComponent(version)}` : ''}`,
      headers: bearer(key),
    })
  ).json<GalleryReply & { changed: boolean }>();
const prototypesOf = async (model: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/model?domain_uuid=${MAPLE}&uuid=${model}`, headers: bearer(key) })
  ).json<ModelPrototypesReply>();

/** Ada, who will be erased; Bea, who stays (Ada is among the candidates of Bea's faces). */
let ada: string;
let bea: string;
const ADA_NAME = 'Ada Erasable';
/** Ada's own detections (10 confirmed, 2 the analyzer's match), the one where she was rejected, the one reassigned to Bea. */
const own: string[] = [];
const beas: string[] = [];
let rejected: string;
let reassigned: string;
let adaPhotos: string[] = [];
let model: Model;
let alert: ElopementAlert;
const adaCentre = direction();
const beaCentre = direction();

async function addPerson(first: string, last: string, photos: ('front' | 'side')[]): Promise<string> {
  const images = {
    add: await Promise.all(photos.map(async (orientation) => ({ orientation, data: (await jpegBytes(160)).toString('base64') }))),
  };
  const info = {
    first_name: first,
    last_name: last,
    role: 'resident',
    gender: 'female',
    complexion: 'Other',
    elopement_risk: true,
    images,
  };
  const added = await post('/api/v6/faces', { domain_uuid: MAPLE, face_info: info }, manager);
  expect(added.statusCode, added.body).toBe(200);
  return added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
}

async function user(email: string, grants: [string, string][]): Promise<string> {
  const row = await ctx.access.ensureUser(email);
  for (const [domain, role] of grants) await ctx.access.grant(row.id, domain, role);
  return ctx.signIn(email);
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.signIn('staff@vigil.example');
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  birchOnly = await user('birch-only@vigil.example', [[BIRCH, 'facility-manager']]);
  // Sees Maple's residents (caregiver) and may delete people, but only at Birch.
  mapleCaregiver = await user('caregiver-plus@vigil.example', [
    [MAPLE, 'caregiver'],
    [BIRCH, 'facility-manager'],
  ]);
  key = await detectorKey(ctx, manager, MAPLE, 'erasure test');
  ada = await addPerson('Ada', 'Erasable', ['front', 'side']);
  bea = await addPerson('Bea', 'Staying', ['front']);

  const crop = (await jpegBytes(64)).toString('base64');
  const frame = (await jpegBytes(200)).toString('base64');
  const base = Date.now() - 2 * 3_600_000;
  const face = (i: number, extra: object) => ({
    runtime_face_uuid: randomUUID() as string,
    camera_uuid: HALLWAY,
    captured_at: iso(base + i * 1000),
    confidence: 0.95,
    embedder: EMBEDDER,
    crop,
    frame,
    ...extra,
  });
  // Ada's twelve faces (the first at the exit: she is at elopement risk, so it raises an alert).
  const adaFaces = Array.from({ length: 12 }, (_, i) =>
    face(i, {
      ...(i === 0 && { camera_uuid: EXIT }),
      frontend_face_uuid: ada,
      candidates: [
        { frontend_face_uuid: ada, confidence: 0.95 },
        { frontend_face_uuid: bea, confidence: 0.3 },
      ],
      embedding: near(adaCentre),
    }),
  );
  const beaFaces = Array.from({ length: 12 }, (_, i) =>
    face(100 + i, {
      frontend_face_uuid: bea,
      candidates: [
        { frontend_face_uuid: bea, confidence: 0.9 },
        { frontend_face_uuid: ada, confidence: 0.4 },
      ],
      embedding: near(beaCentre),
    }),
  );
  const wrong = face(200, {
    frontend_face_uuid: ada,
    candidates: [{ frontend_face_uuid: ada, confidence: 0.7 }],
    embedding: near(beaCentre),
  });
  const moved = face(201, { frontend_face_uuid: ada, embedding: near(beaCentre) });
  const sent = await sendBatch(ctx, key, { faces: [...adaFaces, ...beaFaces, wrong, moved] });
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).toMatchObject({ elopement_alerts: 1 });
  own.push(...adaFaces.map((f) => f.runtime_face_uuid));
  beas.push(...beaFaces.map((f) => f.runtime_face_uuid));
  rejected = wrong.runtime_face_uuid;
  reassigned = moved.runtime_face_uuid;

  const confirm = async (ids: string[], person: string, is_correct: boolean) =>
    expect((await post('/api/v4/facematchconfirm', { runtime_face_uuids: ids, frontend_face_uuid: person, is_correct })).statusCode).toBe(
      200,
    );
  await confirm(own.slice(0, 10), ada, true);
  await confirm(beas, bea, true);
  await confirm([rejected], ada, false);
  await confirm([reassigned], bea, true);

  // A picture made from a kept one (the training tool's contrast-equalised crop) lies beside them.
  mkdirSync(join(ctx.config.video.mediaDir, 'frames', 'clahe'), { recursive: true });
  writeFileSync(join(ctx.config.video.mediaDir, 'frames', 'clahe', `${own[1]}.jpg`), Buffer.from(crop, 'base64'));
  // Two consent answers (the form records them; here straight into the table the registry keeps them in).
  for (const [state, at] of [
    ['refused', base],
    ['given', base + 60_000],
  ] as const)
    await ctx.database.db
      .insertInto('face_consents')
      .values({
        face_uuid: ada,
        domain_uuid: MAPLE,
        state,
        given_by: 'representative',
        representative: 'Her daughter',
        purposes: state === 'given' ? '["recognition","alerts"]' : '[]',
        note: null,
        recorded_by: 'manager@maple.example',
        recorded_at: at,
      })
      .execute();

  // The analyzers embed the registry photos; then a model is trained on everything and loaded.
  const photos = (await gallery()).people.filter((p) => p.frontend_face_uuid === ada || p.frontend_face_uuid === bea);
  adaPhotos = photos.find((p) => p.frontend_face_uuid === ada)!.images.map((i) => i.uuid);
  const embeddings = photos.flatMap((p) =>
    p.images.map((image) => ({ image_uuid: image.uuid, embedding: near(p.frontend_face_uuid === ada ? adaCentre : beaCentre, 0.85) })),
  );
  expect(
    (await post('/api/ingest/v1/gallery/embeddings', { domain_uuid: MAPLE, embedder: EMBEDDER, photos: embeddings }, key)).json(),
  ).toEqual({
    ok: true,
    stored: 3,
  });
  expect((await post('/api/v1/training/models/train', { domain_uuid: MAPLE })).statusCode).toBe(200);
  // The training runs in the background: its progress says when it is done.
  await vi.waitFor(
    async () => expect((await get(`/api/v1/training/progress?domain_uuid=${MAPLE}`)).json<{ running: boolean }>().running).toBe(false),
    { timeout: 30_000, interval: 100 },
  );
  model = (await get(`/api/v1/training/models?domain_uuid=${MAPLE}`)).json<{ results: Model[] }>().results[0]!;
  expect(model).toMatchObject({ status: 'ready', num_identities: 2 });
  expect((await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: model.label })).statusCode).toBe(200);

  // Her alert is dismissed (with the manager's PIN): the fact must outlive her.
  const alerts = await get(`/api/v1/faces/alerts?domainUUID=${MAPLE}&since=${iso(base - 1000).replace(/\.\d{3}Z$/, 'Z')}`);
  alert = alerts.json<{ alerts: ElopementAlert[] }>().alerts.find((a) => a.frontend_face_uuid === ada)!;
  const dismissed = await post(`/api/v1/faces/alerts/${alert.alert_id}/dismiss`, { userPIN: await pinDigest(MAPLE, '1357') }, manager);
  expect(dismissed.statusCode, dismissed.body).toBe(200);
  alert = dismissed.json<{ alert: ElopementAlert }>().alert;

  // Her badge (linked by her card number) was tapped at the exit, and the day's elopement alerts report names her.
  await ctx.database.db.updateTable('faces').set({ card: 'ADA-CARD-0001' }).where('uuid', '=', ada).execute();
  const tap = {
    source_id: 'ada-tap-1',
    at: iso(base).replace(/\.\d{3}Z$/, 'Z'),
    access_point: { id: 'exit-door', description: 'Exit door', camera_uuid: EXIT },
    identity: { id: 'ERASABLE-ADA0001', name: 'ADA ERASABLE', unit: '2A', role: 'tor' },
    credential: { id: 'ADA-CARD-0001' },
  };
  expect((await post(`/api/ingest/v1/access-events?domain_uuid=${MAPLE}`, { taps: [tap] }, key)).json()).toMatchObject({ accepted: 1 });
  const period = { start: iso(base - 60_000).replace(/\.\d{3}Z$/, 'Z'), end: iso(base + 600_000).replace(/\.\d{3}Z$/, 'Z') };
  expect((await post('/api/reports/v1/reports', { domain_uuid: MAPLE, kind: 'elopement_alerts', ...period })).statusCode).toBe(200);
}, 60_000);
afterAll(() => ctx.close());

/** Ada's ids: hers, her own detections' and her photos'. */
const adaIds = () => [ada, ...own, ...adaPhotos];
const preview = async (token = staff) => (await get(`/api/v1/faces/${ada}/erasure`, token)).json<ErasurePreviewReply>();

const EXPECTED = {
  photos: 2,
  photo_embeddings: 2,
  detections_matched: 2,
  detections_confirmed: 10,
  detection_embeddings: 12,
  // a crop and a frame each, and one contrast-equalised crop
  pictures: 25,
  // ten confirmations of her own faces, and the rejection of her on another's
  reviews: 11,
  // Bea's twelve (Ada a candidate), the one she was rejected on, and the one the analyzer gave her but was Bea's
  other_detections: 14,
  consent_records: 2,
  models: 1,
  alerts: 1,
  badge_identities: 1,
  report_rows: 1,
};

describe('who may erase or export a person', () => {
  it('refuses callers without the operation, other buildings, unknown and malformed ids, and changes nothing', async () => {
    const before = await preview();
    expect(before.counts).toEqual(EXPECTED);
    const erase = (token: string, confirm: unknown = ADA_NAME, id = ada) => post(`/api/v1/faces/${id}/erase`, { confirm }, token);
    // No faces/delete (or faces/find_all) anywhere: refused before anything is read.
    expect((await get(`/api/v1/faces/${ada}/erasure`, nurse)).statusCode).toBe(403);
    expect((await erase(nurse)).statusCode).toBe(403);
    expect((await get(`/api/v1/faces/${ada}/export`, nurse)).statusCode).toBe(403);
    // Another building's person is nobody to them.
    expect((await get(`/api/v1/faces/${ada}/erasure`, birchOnly)).statusCode).toBe(404);
    expect((await erase(birchOnly)).statusCode).toBe(404);
    expect((await get(`/api/v1/faces/${ada}/export`, birchOnly)).statusCode).toBe(404);
    expect((await get(`/api/v1/faces/${HAROLD}/erasure`)).statusCode, 'staff sees Birch: Harold is theirs to erase').toBe(200);
    // Seen (a resident, to a caregiver) but without the operation in her building.
    const seen = await erase(mapleCaregiver);
    expect(seen.statusCode).toBe(403);
    expect(seen.json()).toMatchObject({ error: 'You do not have faces/delete access in this domain.' });
    expect((await get(`/api/v1/faces/${ada}/export`, mapleCaregiver)).statusCode).toBe(403);
    // Unknown, malformed, unauthenticated.
    expect((await erase(staff, ADA_NAME, randomUUID())).statusCode).toBe(404);
    expect((await get(`/api/v1/faces/${randomUUID()}/export`)).statusCode).toBe(404);
    expect((await get('/api/v1/faces/not-a-uuid/erasure')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/faces/${ada}/erase`, payload: { confirm: ADA_NAME } })).statusCode).toBe(
      401,
    );
    // The wrong name, none, or no body: nothing erased.
    const wrong = await erase(staff, 'Ada Someone');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ error: string }>().error).toMatch(/not this person’s full name/);
    expect((await erase(staff, '   ')).statusCode).toBe(400);
    expect((await erase(staff, 42)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/faces/${ada}/erase`, headers: bearer(staff) })).statusCode).toBe(400);
    // A training under way would write her back into a model: the erasure waits for it.
    const training = randomUUID();
    await ctx.database.db
      .insertInto('face_models')
      .values({ uuid: training, domain_uuid: MAPLE, label: '2026-01-01-00-00-00', status: 'training', created_at: Date.now(), seed: 1 })
      .execute();
    const busy = await erase(staff);
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ error: string }>().error).toMatch(/A model is being trained in this building/);
    await ctx.database.db.deleteFrom('face_models').where('uuid', '=', training).execute();
    expect(await preview()).toEqual(before);
    expect((await get(`/api/v6/faces/${ada}`)).statusCode).toBe(200);
    const erasures = await ctx.database.db.selectFrom('audit_log').select('seq').where('action', '=', 'erased_person').execute();
    expect(erasures).toEqual([]);
  });
});

describe("exporting a person's data", () => {
  it('gives a zip of what Vigil holds about them, and audits it', async () => {
    const reply = await get(`/api/v1/faces/${ada}/export`, manager);
    expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="vigil-person-${ada.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const entries = await unzip(reply.rawPayload);
    expect([...entries.keys()].filter((name) => !name.startsWith('crops/')).sort()).toEqual([
      'README.txt',
      'alerts.csv',
      'detections.csv',
      'person.json',
      'photos/front.jpg',
      'photos/side.jpg',
      'report_rows.csv',
      'taps.csv',
      'verified_matches.csv',
    ]);
    expect([...entries.keys()].filter((name) => name.startsWith('crops/')).sort()).toEqual(own.map((id) => `crops/${id}.jpg`).sort());
    expect(entries.get('README.txt')!.toString()).toMatch(/1,000 newest at most/);

    const person = JSON.parse(entries.get('person.json')!.toString()) as {
      frontend_face_uuid: string;
      registry: object;
      consent_history: { state: string }[];
      recognition: { models: object[] };
      detections: object;
    };
    expect(person.frontend_face_uuid).toBe(ada);
    expect(person.registry).toMatchObject({ first_name: 'Ada', last_name: 'Erasable', role: 'resident', elopement_risk: true });
    expect(person.consent_history.map((c) => c.state)).toEqual(['refused', 'given']);
    expect(person.consent_history[1]).toMatchObject({
      given_by: 'representative',
      representative: 'Her daughter',
      purposes: ['recognition', 'alerts'],
    });
    expect(person.recognition).toMatchObject({ photo_embeddings: 2, detection_embeddings: 12 });
    expect(person.recognition.models).toEqual([expect.objectContaining({ label: model.label })]);
    expect(person.detections).toEqual({ total: 12, crops_included: 12 });
    // The photos are the stored ones, byte for byte.
    const stored = await ctx.database.db.selectFrom('face_images').select(['orientation', 'file']).where('face_uuid', '=', ada).execute();
    for (const photo of stored)
      expect(entries.get(`photos/${photo.orientation}.jpg`)!.equals(readFileSync(join(ctx.config.video.mediaDir, photo.file)))).toBe(true);

    const detections = entries.get('detections.csv')!.toString().trim().split('\n');
    expect(detections[0]).toBe('time,camera,confidence,confirmed,not_a_face,crop,detection_id');
    expect(detections).toHaveLength(13);
    expect(detections.filter((l) => l.includes(',yes,no,')).length, 'confirmed by a reviewer').toBe(10);
    expect(detections.at(-1)).toMatch(
      new RegExp(`^\\d{4}-[\\d-]+T[\\d:.]+Z,Front Entrance Outdoor,0\\.95,yes,no,crops/${own[0]}\\.jpg,${own[0]}$`),
    );
    const alerts = entries.get('alerts.csv')!.toString().trim().split('\n');
    expect(alerts).toHaveLength(2);
    expect(alerts[1]).toContain('Ada Erasable (elopement risk) seen at Front Entrance Outdoor');
    expect(alerts[1]).toContain('with a PIN');

    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'exported_person').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject: ada, domain_uuid: MAPLE, user_email: 'manager@maple.example' });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({
      photos: 2,
      detections: 12,
      crops: 12,
      alerts: 1,
      badge_identities: 1,
      taps: 1,
      verified_matches: 0,
      report_rows: 1,
    });
    // Her badge and its tap at the exit, and the elopement report's row about her.
    expect(entries.get('taps.csv')!.toString().trim().split('\n')).toEqual([
      'time,badge,access_point,granted,door_face,flags,tap_id',
      expect.stringMatching(/^[\d-]+T[\d:.]+Z,ERASABLE-ADA0001,Exit door,yes,.+,,ada-tap-1$/),
    ]);
    const reportRows = entries.get('report_rows.csv')!.toString().trim().split('\n');
    expect(reportRows).toHaveLength(2);
    expect(reportRows[1]).toMatch(/^Elopement Alerts,.*Resident: Ada Erasable;/);
  });
});

describe('erasing a person', () => {
  let receipt: ErasureReceipt;
  let galleryBefore: GalleryReply & { changed: boolean };
  let adaPrototypes: Buffer[];

  it('names what would go, and the scans find her before', async () => {
    const counted = await preview();
    expect(counted).toEqual({ ok: true, frontend_face_uuid: ada, person_name: ADA_NAME, counts: EXPECTED });
    // The scans can fail: before the erasure they find her everywhere she is.
    const found = new Set((await findInTables(ctx.database, adaIds(), ['audit_log'])).map((f) => f.where.split('.')[0]));
    for (const table of [
      'faces',
      'face_images',
      'face_photo_embeddings',
      'face_detections',
      'face_detection_candidates',
      'face_reviews',
      'face_embeddings',
      'face_embedding_codes',
      'face_consents',
      'face_models',
      'face_model_identities',
      'elopement_alerts',
      'badge_identities',
      'reports',
    ])
      expect(found, table).toContain(table);
    const files = filesUnder(ctx.config.video.mediaDir).filter((f) => adaIds().some((id) => f.includes(id)));
    expect(files).toHaveLength(4 + 25);
    galleryBefore = await gallery();
    expect(galleryBefore.people.map((p) => p.frontend_face_uuid)).toContain(ada);
    const loaded = await prototypesOf(model.uuid);
    const vectors = Buffer.from(loaded.vectors, 'base64');
    adaPrototypes = loaded.owners.flatMap((o, i) => (o === ada ? [vectors.subarray(i * DIMS * 4, (i + 1) * DIMS * 4)] : []));
    expect(adaPrototypes.length).toBeGreaterThan(0);
  });

  it('erases her when her full name is typed (whatever the case and spacing), and hands back the receipt', async () => {
    const reply = await post(`/api/v1/faces/${ada}/erase`, { confirm: '  ada   ERASABLE ' });
    expect(reply.statusCode, reply.body).toBe(200);
    receipt = reply.json<{ ok: true; receipt: ErasureReceipt }>().receipt;
    expect(receipt).toEqual({ frontend_face_uuid: ada, erased_at: expect.any(String), erased_by: 'staff@vigil.example', counts: EXPECTED });
    // Once: the same again is a 404, and writes no second receipt.
    expect((await post(`/api/v1/faces/${ada}/erase`, { confirm: ADA_NAME })).statusCode).toBe(404);
    expect((await get(`/api/v1/faces/${ada}/erasure`)).statusCode).toBe(404);
    expect((await get(`/api/v1/faces/${ada}/export`)).statusCode).toBe(404);
    expect((await get(`/api/v6/faces/${ada}`)).statusCode).toBe(404);
  });

  it('leaves nothing of her in any table (but the audit receipt) or in the media folder', async () => {
    // The audit log is append-only: it keeps the receipt (her id as its subject) and earlier entries' ids (who changed
    // or answered what), ids that now name nothing; it never held a name or biometric data (scanned below for names).
    expect(await findInTables(ctx.database, adaIds(), ['audit_log'])).toEqual([]);
    expect(await findInTables(ctx.database, ['Erasable', 'Her daughter'])).toEqual([]);
    expect(filesUnder(ctx.config.video.mediaDir).filter((f) => adaIds().some((id) => f.includes(id)))).toEqual([]);
    // The others' faces stay, without her name.
    const kept = await ctx.database.db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'frontend_face_uuid', 'analyzer_face_uuid', 'match_confirmed', 'candidates'])
      .where('runtime_face_uuid', 'in', [...beas, rejected, reassigned])
      .execute();
    expect(kept).toHaveLength(14);
    const byId = new Map(kept.map((k) => [k.runtime_face_uuid, k]));
    expect(byId.get(rejected)).toMatchObject({
      frontend_face_uuid: null,
      analyzer_face_uuid: null,
      match_confirmed: null,
      candidates: null,
    });
    expect(byId.get(reassigned)).toMatchObject({ frontend_face_uuid: bea, analyzer_face_uuid: null, match_confirmed: 1 });
    expect(JSON.parse(byId.get(beas[0]!)!.candidates!)).toEqual([{ frontend_face_uuid: bea, confidence: 0.9 }]);
    const ranks = await ctx.database.db
      .selectFrom('face_detection_candidates')
      .select(['frontend_face_uuid', 'rank'])
      .where('runtime_face_uuid', '=', beas[0]!)
      .execute();
    expect(ranks).toEqual([{ frontend_face_uuid: bea, rank: 0 }]);
  });

  it('writes the receipt to the audit log once: counts, by whom, when; no name', async () => {
    const rows = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'erased_person').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: ada, domain_uuid: MAPLE, user_email: 'staff@vigil.example' });
    expect(JSON.parse(rows[0]!.detail!)).toEqual(EXPECTED);
    expect(new Date(Number(rows[0]!.at)).toISOString()).toBe(receipt.erased_at);
  });

  it('keeps her alert as a fact (time, camera, dismissal) without her face or name', async () => {
    const since = iso(alert.event_ts * 1000 - 1000).replace(/\.\d{3}Z$/, 'Z');
    const list = (await get(`/api/v1/faces/alerts?domainUUID=${MAPLE}&since=${since}&include_dismissed=true`)).json<{
      alerts: ElopementAlert[];
    }>();
    const kept = list.alerts.find((a) => a.alert_id === alert.alert_id);
    expect(kept).toEqual({
      ...alert,
      runtime_face_uuid: ERASED_PERSON.uuid,
      frontend_face_uuid: ERASED_PERSON.uuid,
      person_name: 'Erased person',
      gender: null,
      description: 'Erased person',
      posterFrame: null,
      fullFrame: null,
      face_match: null,
      not_a_face: false,
    });
    expect(kept!.dismissed_at).not.toBeNull();
    expect(kept!.dismissed_by_end_user_info).toMatchObject({ email: 'manager@maple.example' });
  });

  it('takes her out of the analyzers’ gallery and the loaded model, which stays loadable', async () => {
    const after = await gallery(galleryBefore.version);
    expect(after.changed).toBe(true);
    expect(after.people.map((p) => p.frontend_face_uuid)).not.toContain(ada);
    expect(after.people.map((p) => p.frontend_face_uuid)).toContain(bea);
    expect(after.model).toMatchObject({ uuid: model.uuid, prototypes: galleryBefore.model!.prototypes - adaPrototypes.length });
    const loaded = await prototypesOf(model.uuid);
    expect(loaded.owners).not.toContain(ada);
    expect(loaded.owners).toContain(bea);
    const vectors = Buffer.from(loaded.vectors, 'base64');
    expect(vectors.length).toBe(loaded.owners.length * DIMS * 4);
    for (const prototype of adaPrototypes) expect(vectors.indexOf(prototype), 'her prototype is gone from the bytes').toBe(-1);
    const stored = await ctx.database.db
      .selectFrom('face_models')
      .select(['prototypes', 'num_identities'])
      .where('uuid', '=', model.uuid)
      .executeTakeFirstOrThrow();
    for (const prototype of adaPrototypes) expect(Buffer.from(stored.prototypes!).indexOf(prototype)).toBe(-1);
    expect(stored.num_identities).toBe(1);
    const identities = await get(`/api/v1/training/models/${model.label}/identities?domain_uuid=${MAPLE}`);
    expect(identities.json<{ identities: { uuid: string }[] }>().identities.map((i) => i.uuid)).toEqual([bea]);
    expect((await post('/api/v1/training/models/load', { domain_uuid: MAPLE, label: model.label })).statusCode).toBe(200);
  });

  it('lets a new detection of her face through as unmatched, keeping no embedding and raising no alert', async () => {
    // An analyzer whose gallery is a few seconds old still names her.
    const id = randomUUID();
    const sent = await sendBatch(ctx, key, {
      faces: [
        {
          runtime_face_uuid: id,
          camera_uuid: EXIT,
          captured_at: iso(Date.now() - 1000),
          confidence: 0.97,
          frontend_face_uuid: ada,
          candidates: [
            { frontend_face_uuid: ada, confidence: 0.97 },
            { frontend_face_uuid: bea, confidence: 0.2 },
          ],
          embedding: near(adaCentre),
          embedder: EMBEDDER,
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ faces: { accepted: 1 }, elopement_alerts: 0 });
    const row = await ctx.database.db
      .selectFrom('face_detections')
      .selectAll()
      .where('runtime_face_uuid', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ frontend_face_uuid: null, analyzer_face_uuid: null, embedder: null });
    expect(JSON.parse(row.candidates!)).toEqual([{ frontend_face_uuid: bea, confidence: 0.2 }]);
    expect(
      await ctx.database.db.selectFrom('face_embeddings').select('runtime_face_uuid').where('runtime_face_uuid', '=', id).execute(),
    ).toEqual([]);
    expect(await findInTables(ctx.database, [ada], ['audit_log'])).toEqual([]);
    // A person of another building is still a detector's mistake: refused.
    const foreign = await sendBatch(ctx, key, {
      faces: [{ camera_uuid: HALLWAY, captured_at: iso(Date.now() - 1000), confidence: 0.9, frontend_face_uuid: HAROLD }],
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('erasing someone already deleted from the registry', () => {
  it('finds them by id (their data is still held) and erases what is left', async () => {
    const cy = await addPerson('Cy', 'Deleted', ['front']);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v6/faces/${cy}`, headers: bearer(manager) })).statusCode).toBe(200);
    expect((await get(`/api/v6/faces/${cy}`)).statusCode, 'out of every list').toBe(404);
    expect((await findInTables(ctx.database, [cy], ['audit_log'])).map((f) => f.where)).toContain('faces.uuid');
    const counted = (await get(`/api/v1/faces/${cy}/erasure`, manager)).json<ErasurePreviewReply>();
    expect(counted).toMatchObject({ person_name: 'Cy Deleted', counts: { photos: 0, detections_matched: 0, models: 0 } });
    const erased = await post(`/api/v1/faces/${cy}/erase`, { confirm: 'Cy Deleted' }, manager);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<{ receipt: ErasureReceipt }>().receipt).toMatchObject({ erased_by: 'manager@maple.example' });
    expect(await findInTables(ctx.database, [cy], ['audit_log'])).toEqual([]);
  });
});
