import {
  ANALYZER,
  type AnalyzerCameraReport,
  type AnalyzerHeartbeatBody,
  type AnalyzerHeartbeatReply,
  type CameraAnalysis,
  type FaceInfo,
  type GalleryReply,
} from '@vigil/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { BIRCH_CAMERAS, MAPLE_CAMERAS } from '../../../test/demo-ids.js';
import { DetectorsRepository } from '../ingest/detectors.repository.js';
import { DetectorsService } from '../ingest/detectors.service.js';

// The analyzers' side of the server as an analyzer process and staff use it: cameras shared out by expiring leases,
// the live video a lease opens, the gallery, reports shown to staff and deployment keys (what ingest takes from them:
// ingest/analyzer-faces.test.ts; how leases share cameras out, on the service itself: analyzers.service.test.ts).
const HALLWAY = MAPLE_CAMERAS[2]!;
// Equal capacities: fair shares go by analyzer id, so A (first) gets ceil(7/2) = 4 of Maple's 7 and B gets 3.
const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const LEASE_MS = ANALYZER.leaseSeconds * 1000;

const heartbeat = (ctx: TestContext, key: string, body: Partial<AnalyzerHeartbeatBody> & { analyzer_id: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/analyzers/heartbeat',
    headers: bearer(key),
    payload: { name: `analyzer ${body.analyzer_id.slice(0, 1)}`, capacity: 16, cameras: [], ...body },
  });
/** The cameras an analyzer holds after a heartbeat (which must succeed), sorted. */
const beat = async (ctx: TestContext, key: string, body: Partial<AnalyzerHeartbeatBody> & { analyzer_id: string }) => {
  const reply = await heartbeat(ctx, key, body);
  expect(reply.statusCode, reply.body).toBe(200);
  const json = reply.json<AnalyzerHeartbeatReply>();
  return { ...json, cameras: json.assignments.map((a) => a.camera_uuid).sort() };
};
/** A report as an analyzer sends it; one that does not say `served_first` (an older or third-party one) is served in turn. */
type SentReport = Omit<AnalyzerCameraReport, 'served_first'> & { served_first?: boolean };
const report = (camera: string, overrides: Partial<SentReport> = {}): SentReport => ({
  camera_uuid: camera,
  state: 'analysing',
  sampled_fps: 5,
  analysed_fps: 2.5,
  gated_share: 0.4,
  dropped_share: 0,
  last_face_at: null,
  last_object_at: '2026-01-02T03:04:05Z',
  lag_ms: 420,
  error: null,
  ...overrides,
});
const leaseRows = (ctx: TestContext) => ctx.database.db.selectFrom('analyzer_leases').selectAll().execute();
const status = (ctx: TestContext, token: string, domain: string = MAPLE) =>
  ctx.app.inject({ method: 'GET', url: `/api/v4/analyzers?domain_uuid=${domain}`, headers: bearer(token) });
const detectorsOf = async (ctx: TestContext, token: string, domain: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/detectors?domain_uuid=${domain}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ detectors: { id: string; name: string; key_prefix: string; revoked_at: string | null }[] }>().detectors;
};
const revokeDetector = async (ctx: TestContext, token: string, id: string) => {
  const reply = await ctx.app.inject({ method: 'DELETE', url: `/api/ingest/v1/detectors/${id}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
};
const event = (camera: string) => ({
  camera_uuid: camera,
  started_at: new Date(Date.now() - 1000).toISOString(),
  objects: [{ name: 'person', confidence: 0.8 }],
});
/** A real small JPEG (a face-like disc on a gradient). */
const jpegBytes = (size: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#369"/>` +
        `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#fdc"/></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

describe('cameras shared out by leases', () => {
  let ctx: TestContext;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    key = await detectorKey(ctx, await ctx.signIn('manager@maple.example'), MAPLE, 'analyzers');
  });
  afterAll(() => ctx.close());

  it('refuses an analyzer id used with another key (409), a bad body (400 naming the field) and a bad key (401)', async () => {
    await beat(ctx, key, { analyzer_id: A }); // A is this key's
    const manager = await ctx.signIn('manager@maple.example');
    const otherKey = await detectorKey(ctx, manager, MAPLE, 'other analyzers');
    const reused = await heartbeat(ctx, otherKey, { analyzer_id: A });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      ok: false,
      statusCode: 409,
      error: 'This analyzer id is in use with another key: pick a new one.',
    });

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ analyzer_id: A, capacity: -1 }, /capacity/],
      [{ analyzer_id: A, capacity: 1.5 }, /capacity/],
      [{ analyzer_id: 'analyzer-1' }, /analyzer_id/],
      [{ analyzer_id: A, name: '' }, /name/],
      [{ analyzer_id: A, name: '   ' }, /name/],
      [{ analyzer_id: A, cameras: [report(HALLWAY, { gated_share: 2 })] }, /cameras\.0\.gated_share/],
      [{ analyzer_id: A, cameras: [{ camera_uuid: HALLWAY }] }, /cameras\.0\.state/],
    ];
    for (const [body, message] of cases) {
      const reply = await heartbeat(ctx, key, body as AnalyzerHeartbeatBody);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    const noCapacity = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/analyzers/heartbeat',
      headers: bearer(key),
      payload: { analyzer_id: A, name: 'x' },
    });
    expect(noCapacity.statusCode).toBe(400);
    expect(noCapacity.json<{ error: string }>().error).toMatch(/capacity/);

    const revokedKey = await detectorKey(ctx, manager, MAPLE, 'revoked analyzers');
    const revoked = (await detectorsOf(ctx, manager, MAPLE)).find((d) => d.name === 'revoked analyzers')!;
    await revokeDetector(ctx, manager, revoked.id);
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/analyzers/heartbeat',
      payload: { analyzer_id: B, name: 'x', capacity: 1 },
    });
    expect(noKey.statusCode).toBe(401);
    for (const token of [`vgd_${'x'.repeat(43)}`, revokedKey, manager]) {
      const reply = await heartbeat(ctx, token, { analyzer_id: 'ab000000-0000-4000-8000-000000000009' });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toMatchObject({ ok: false, statusCode: 401 });
    }
    // None of the refused heartbeats made an analyzer.
    const made = await ctx.database.db
      .selectFrom('analyzers')
      .select('id')
      .where('id', '=', 'ab000000-0000-4000-8000-000000000009')
      .execute();
    expect(made).toEqual([]);
  });
});

describe('what analyzers report, as staff see it', () => {
  let ctx: TestContext;
  let key: string;
  let manager: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.signIn('manager@maple.example');
    key = await detectorKey(ctx, manager, MAPLE, 'analyzers');
  });
  afterAll(() => ctx.close());

  it("shows each camera's analyzer and latest report; a report on a camera it does not hold is ignored", async () => {
    // Capacity 1: it holds the first camera; the others are not analysed.
    const held = await beat(ctx, key, { analyzer_id: A, name: 'Basement GPU box', capacity: 1 });
    expect(held.cameras).toEqual([MAPLE_CAMERAS[0]]);
    const reported = report(MAPLE_CAMERAS[0]!, { last_face_at: '2026-01-02T03:04:00Z', error: null });
    const before = ctx.clock.now();
    await beat(ctx, key, {
      analyzer_id: A,
      name: 'Basement GPU box',
      capacity: 1,
      cameras: [reported, report(MAPLE_CAMERAS[1]!, { state: 'error', error: 'not mine' }), report(BIRCH_CAMERAS[0]!)],
    });
    const after = ctx.clock.now();
    const reply = await status(ctx, manager);
    expect(reply.statusCode, reply.body).toBe(200);
    const cameras = reply.json<{ ok: true; cameras: CameraAnalysis[] }>().cameras;
    expect(cameras.map((c) => c.camera_uuid).sort()).toEqual(MAPLE_CAMERAS);
    const analysed = cameras.find((c) => c.camera_uuid === MAPLE_CAMERAS[0])!;
    // (an analyzer that does not say whether it serves the camera first, as this one, serves it in turn)
    const { camera_uuid: _camera, ...said } = reported;
    const expected = { ...said, served_first: false };
    expect(analysed).toEqual({
      camera_uuid: MAPLE_CAMERAS[0],
      description: 'Front Entrance Outdoor',
      analyzer: { id: A, name: 'Basement GPU box', last_seen_at: analysed.reported_at },
      report: expected,
      reported_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(analysed.reported_at!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(analysed.reported_at!)).toBeLessThanOrEqual(after);
    for (const camera of cameras.filter((c) => c.camera_uuid !== MAPLE_CAMERAS[0]))
      expect(camera, camera.description).toMatchObject({ analyzer: null, report: null, reported_at: null });
    const rows = await ctx.database.db.selectFrom('camera_analysis').select('camera_uuid').execute();
    expect(rows.map((r) => r.camera_uuid)).toEqual([MAPLE_CAMERAS[0]]);
  });

  it('is for whoever has the video service in the building', async () => {
    const nurse = await ctx.signIn('nurse@maple.example');
    const family = await ctx.signIn('family@maple.example');
    const newcomer = await ctx.signIn('newcomer@maple.example');
    for (const token of [manager, nurse, family]) expect((await status(ctx, token)).statusCode).toBe(200);
    expect((await status(ctx, newcomer)).statusCode).toBe(403);
    expect((await status(ctx, nurse, BIRCH)).statusCode).toBe(403);
    expect((await status(ctx, manager, BIRCH)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v4/analyzers?domain_uuid=${MAPLE}` })).statusCode).toBe(401);
    expect((await status(ctx, manager, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a deployment key', () => {
  let ctx: TestContext;
  let manager: string;
  let deployment: DetectorsService;
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.signIn('manager@maple.example');
    // The CLI's code path (npm run vigil -- add-deployment-key): the service on the database, no session.
    deployment = new DetectorsService(ctx.database.db, new DetectorsRepository(ctx.database.db), ctx.clock);
  });
  afterAll(() => ctx.close());

  it('serves every building, through a detector row of its own in each, until revoked there or altogether', async () => {
    const { key, row } = await deployment.issueDeploymentKey('Central analyzer', ['analyzer']);
    expect(key).toMatch(/^vgd_/);
    expect(row).toMatchObject({ name: 'Central analyzer', key_prefix: key.slice(0, 10), revoked_at: null, last_used_at: null });
    expect((await deployment.deploymentKeys()).map((k) => k.id)).toEqual([row.id]);

    const all = await beat(ctx, key, { analyzer_id: A });
    expect(all.cameras).toEqual([...MAPLE_CAMERAS, ...BIRCH_CAMERAS].sort());
    expect(
      all.assignments
        .filter((a) => a.domain_uuid === BIRCH)
        .map((a) => a.camera_uuid)
        .sort(),
    ).toEqual(BIRCH_CAMERAS);

    // A batch of Birch's cameras is Birch's, written as a detector named after the key.
    const birchBatch = await sendBatch(ctx, key, { events: [event(BIRCH_CAMERAS[0]!), event(BIRCH_CAMERAS[1]!)] });
    expect(birchBatch.statusCode, birchBatch.body).toBe(200);
    expect(birchBatch.json()).toMatchObject({ events: { accepted: 2, duplicates: 0 } });
    const birchRows = (await detectorsOf(ctx, manager, BIRCH)).filter((d) => d.name === 'Central analyzer');
    expect(birchRows).toHaveLength(1);
    expect(birchRows[0]).toMatchObject({ key_prefix: key.slice(0, 10), revoked_at: null });
    const stored = await ctx.database.db
      .selectFrom('events')
      .select(['domain_uuid', 'detector_id'])
      .where('camera_uuid', 'in', BIRCH_CAMERAS.slice(0, 2))
      .execute();
    expect(stored).toEqual([
      { domain_uuid: BIRCH, detector_id: birchRows[0]!.id },
      { domain_uuid: BIRCH, detector_id: birchRows[0]!.id },
    ]);
    // A second batch goes through the same row; Maple gets a row of its own.
    expect((await sendBatch(ctx, key, { events: [event(BIRCH_CAMERAS[2]!)] })).statusCode).toBe(200);
    expect((await sendBatch(ctx, key, { events: [event(HALLWAY)] })).statusCode).toBe(200);
    expect((await detectorsOf(ctx, manager, BIRCH)).filter((d) => d.name === 'Central analyzer')).toHaveLength(1);
    expect((await detectorsOf(ctx, manager, MAPLE)).filter((d) => d.name === 'Central analyzer')).toHaveLength(1);
    expect((await deployment.deploymentKeys())[0]!.last_used_at).not.toBeNull();
    // One batch is one building's.
    const mixed = await sendBatch(ctx, key, { events: [event(BIRCH_CAMERAS[0]!), event(HALLWAY)] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<{ error: string }>().error).toMatch(/events\[1\]\.camera_uuid: no camera/);

    // Birch's manager revokes the key's row there: Birch's cameras leave its assignments, its Birch batches are refused.
    await revokeDetector(ctx, manager, birchRows[0]!.id);
    const mapleOnly = await beat(ctx, key, { analyzer_id: A });
    expect(mapleOnly.cameras).toEqual(MAPLE_CAMERAS);
    expect((await leaseRows(ctx)).map((r) => r.camera_uuid).sort()).toEqual(MAPLE_CAMERAS);
    const refused = await sendBatch(ctx, key, { events: [event(BIRCH_CAMERAS[3]!)] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe('This key was revoked in that building.');
    const gallery = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${BIRCH}`, headers: bearer(key) });
    expect(gallery.statusCode).toBe(403);
    expect((await sendBatch(ctx, key, { events: [event(HALLWAY)] })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}`, headers: bearer(key) })).statusCode,
    ).toBe(200);

    // Revoked altogether: the key opens nothing.
    expect(await deployment.revokeDeploymentKeys({ name: 'Central analyzer' })).toBe(1);
    expect(await deployment.revokeDeploymentKeys({ id: row.id })).toBe(0);
    expect((await heartbeat(ctx, key, { analyzer_id: A })).statusCode).toBe(401);
    expect((await sendBatch(ctx, key, { events: [event(HALLWAY)] })).statusCode).toBe(401);
    expect((await detectorsOf(ctx, manager, MAPLE)).find((d) => d.name === 'Central analyzer')!.revoked_at).not.toBeNull();
  });

  it("shares every building's cameras between the key's analyzers, a key's analyzers apart from a building key's", async () => {
    ctx.clock.advance(LEASE_MS + 1000);
    const { key } = await deployment.issueDeploymentKey('Two analyzers', ['analyzer']);
    const C = 'c0000000-0000-4000-8000-000000000003';
    const D = 'd0000000-0000-4000-8000-000000000004';
    expect((await beat(ctx, key, { analyzer_id: C })).cameras).toHaveLength(11);
    expect((await beat(ctx, key, { analyzer_id: D })).cameras).toEqual([]);
    const c = await beat(ctx, key, { analyzer_id: C });
    const d = await beat(ctx, key, { analyzer_id: D });
    expect([c.cameras.length, d.cameras.length]).toEqual([6, 5]);
    expect(c.cameras.filter((x) => d.cameras.includes(x))).toEqual([]);
    expect([...c.cameras, ...d.cameras].sort()).toEqual([...MAPLE_CAMERAS, ...BIRCH_CAMERAS].sort());
  });
});

describe('the live video a lease opens', () => {
  let ctx: TestContext;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestContext({ VIGIL_LOG_LEVEL: 'info' }, undefined, { captureLogs: true });
    key = await detectorKey(ctx, await ctx.signIn('manager@maple.example'), MAPLE, 'analyzers');
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('is open while the lease lives, to that camera only, and closed after', async () => {
    const { assignments } = await beat(ctx, key, { analyzer_id: A });
    const [first, second] = assignments;
    const token = first!.live_url.split('/')[3]!;
    // The recorder is off in tests: an allowed request finds no playlist (404); a refused one is 403.
    const allowed = await get(first!.live_url);
    expect(allowed.statusCode).toBe(404);
    expect(allowed.json()).toMatchObject({ error: 'No such media file.' });
    expect((await get(first!.live_url.replace('index.m3u8', 'seg12.ts'))).statusCode).toBe(404);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      first!.live_url.replace(token, tampered),
      first!.live_url.replace(first!.camera_uuid, second!.camera_uuid),
      first!.live_url.replace(token, `${second!.live_url.split('/')[3]!.split('.')[0]}.${token.split('.')[1]}`),
      first!.live_url.replace(token, token.split('.')[0]!.padEnd(69, 'x')),
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ error: "This analyzer's lease on the camera has ended." });
    }
    expect((await get(first!.live_url.replace('index.m3u8', '..%2Fsecret.key'))).statusCode).toBe(400);

    // Renewed, it stays open past the first lease's end; not renewed, it closes.
    ctx.clock.advance(LEASE_MS - 5000);
    await beat(ctx, key, { analyzer_id: A });
    ctx.clock.advance(10_000);
    expect((await get(first!.live_url)).statusCode).toBe(404);
    ctx.clock.advance(LEASE_MS);
    expect((await get(first!.live_url)).statusCode).toBe(403);
    expect((await get(second!.live_url)).statusCode).toBe(403);
  });

  it('closes when the lease goes to another analyzer', async () => {
    ctx.clock.advance(LEASE_MS + 1000);
    const C = 'c0000000-0000-4000-8000-000000000003';
    const D = 'd0000000-0000-4000-8000-000000000004';
    const before = await beat(ctx, key, { analyzer_id: C });
    await beat(ctx, key, { analyzer_id: D });
    const kept = await beat(ctx, key, { analyzer_id: C });
    const released = before.assignments.filter((a) => !kept.cameras.includes(a.camera_uuid));
    expect(released).toHaveLength(3);
    const taken = await beat(ctx, key, { analyzer_id: D });
    for (const a of released) expect((await get(a.live_url)).statusCode).toBe(403);
    for (const a of taken.assignments) expect((await get(a.live_url)).statusCode).toBe(404);
  });

  it('keeps its token out of the log', async () => {
    const lines = ctx.logs.length;
    const { assignments } = await beat(ctx, key, { analyzer_id: 'c0000000-0000-4000-8000-000000000003' });
    const { live_url: url, camera_uuid: camera } = assignments[0]!;
    const token = url.split('/')[3]!;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url.replace(camera, assignments[1]!.camera_uuid))).statusCode).toBe(403);
    const logged = ctx.logs.slice(lines);
    // The log is written (the heartbeat's request is in it), and holds neither the token nor its MAC.
    expect(logged.some((line) => line.includes('/api/ingest/v1/analyzers/heartbeat'))).toBe(true);
    expect(ctx.logs.filter((line) => line.includes(token) || line.includes(token.split('.')[1]!))).toEqual([]);
  });
});

describe('the gallery', () => {
  let ctx: TestContext;
  let manager: string;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.signIn('manager@maple.example');
    key = await detectorKey(ctx, manager, MAPLE, 'analyzers');
  });
  afterAll(() => ctx.close());

  const gallery = async (version?: string, domain: string = MAPLE) => {
    const query = version === undefined ? '' : `&version=${encodeURIComponent(version)}`;
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/ingest/v1/gallery?domain_uuid=${domain}${query}`,
      headers: bearer(key),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<GalleryReply & { changed: boolean }>();
  };
  /** Who is in a gallery with which photos (the links aside), but for `except`. */
  const photosOf = (reply: GalleryReply, except?: string) =>
    reply.people
      .filter((p) => p.frontend_face_uuid !== except)
      .map((p) => ({ frontend_face_uuid: p.frontend_face_uuid, images: p.images.map((i) => i.uuid) }));
  const person = (data: string, image?: string): FaceInfo => ({
    first_name: 'Gallery',
    last_name: 'Person',
    role: 'resident',
    gender: 'female',
    complexion: 'caucasian',
    room_number: '7',
    elopement_risk: false,
    images: image ? { edit: [{ uuid: image, orientation: 'front', data }] } : { add: [{ orientation: 'front', data }] },
  });

  it("lists the building's people with photos as signed links, and says when nothing changed", async () => {
    const first = await gallery();
    expect(first).toMatchObject({ ok: true, version: expect.any(String), changed: true });
    // Whoever of the demo data has a photo stays as they are throughout.
    const demo = photosOf(first);
    expect(demo.every((p) => p.images.length > 0)).toBe(true);

    const photo = await jpegBytes(200);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/v6/faces',
      headers: bearer(manager),
      payload: { domain_uuid: MAPLE, face_info: person(photo.toString('base64')) },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;

    const listed = await gallery(first.version);
    expect(listed.version).not.toBe(first.version);
    expect(listed).toMatchObject({ ok: true, changed: true });
    expect(photosOf(listed, id)).toEqual(demo);
    const mine = listed.people.filter((p) => p.frontend_face_uuid === id);
    expect(mine).toEqual([
      {
        frontend_face_uuid: id,
        images: [{ uuid: expect.any(String), orientation: 'front', url: expect.stringMatching(/^\/media\/\d+\.[\w-]{32}\//) }],
      },
    ]);
    const image = mine[0]!.images[0]!;
    const fetched = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(fetched.statusCode).toBe(200);
    expect(await sharp(fetched.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });

    expect(await gallery(listed.version)).toEqual({ ok: true, version: listed.version, changed: false, people: [], model: null });

    // The photo replaced: a new image uuid (what to embed anew), and a new version.
    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v6/faces/${id}`,
      headers: bearer(manager),
      payload: { face_info: person((await jpegBytes(300)).toString('base64'), image.uuid) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await gallery(listed.version);
    expect(after.changed).toBe(true);
    expect(after.version).not.toBe(listed.version);
    expect(photosOf(after, id)).toEqual(demo);
    const replacedImages = after.people.find((p) => p.frontend_face_uuid === id)!.images;
    expect(replacedImages).toHaveLength(1);
    expect(replacedImages[0]!.uuid).not.toBe(image.uuid);
    const refetched = await ctx.app.inject({ method: 'GET', url: replacedImages[0]!.url });
    expect(await sharp(refetched.rawPayload).metadata()).toMatchObject({ width: 300 });

    // Deleted: out of the gallery.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v6/faces/${id}`, headers: bearer(manager) })).statusCode).toBe(200);
    const gone = await gallery(after.version);
    expect(gone.changed).toBe(true);
    expect(gone.version).not.toBe(after.version);
    expect(photosOf(gone)).toEqual(demo);
    expect(await gallery(gone.version)).toEqual({ ok: true, version: gone.version, changed: false, people: [], model: null });
  });

  it("is only the key's own building's", async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${BIRCH}`, headers: bearer(key) });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({ error: 'This detector key is not for that building.' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/gallery?domain_uuid=${MAPLE}`, headers: bearer(manager) })).statusCode,
    ).toBe(401);
  });
});
