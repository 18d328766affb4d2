import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CameraAnalysis, CurrentModelReply, ElopementAlert, Model } from '@vigil/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYZER } from '@vigil/contract';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../test/harness.js';
import { commandLines, eventually, startRtspCameras } from '../test/rtsp-simulator.js';
import { CamerasRepository } from './modules/video/cameras.repository.js';

// The whole pipeline with real parts: a simulated RTSP camera films a registry person, the recorder keeps its live
// video, Vigil's analyzer (its own process, real models) reads it through its lease, recognises the person and sends
// the face to the ingest API, which raises an elopement alert with pictures; then the analyzer is killed and a second
// one takes the camera over.
const repo = resolve(import.meta.dirname, '../../..');
const portrait = join(repo, 'media/grace_hopper_512x512.jpg');
let ctx: TestContext;
let rtsp: Awaited<ReturnType<typeof startRtspCameras>>;
let scratch: string;
let manager: string;
let camera: string;
let person: string;
let key: string;
let serverUrl: string;
const analyzers: ChildProcess[] = [];
/** Every line the analyzers printed, in order (their gallery updates show what they match against). */
const analyzerLines: string[] = [];
/** The camera's password (the simulated camera asks for none, so ffmpeg never sends it; it must still never show). */
const CAMERA_PASSWORD = 'door-cam-s3cret';

/** Vigil's analyzer from its sources, as `npm start` runs it, working for this test's server. */
function startAnalyzer(name: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'apps/analyzer/src/main.ts')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      VIGIL_ANALYZER_SERVER: serverUrl,
      VIGIL_ANALYZER_KEY: key,
      VIGIL_ANALYZER_NAME: name,
      VIGIL_ANALYZER_GALLERY_SECONDS: '1',
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    analyzerLines.push(...chunk.toString().split('\n'));
  });
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`analyzer ${name} exited with ${code ?? signal}:\n${output}`);
  });
  analyzers.push(child);
  return child;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'vigil-pipeline-'));
  // The person as the door camera sees them: smaller, mirrored, darker, recompressed — not the registry photo's pixels.
  const seen = await sharp(portrait).resize(120).flop().modulate({ brightness: 0.85 }).jpeg({ quality: 70 }).toBuffer();
  const cutout = join(scratch, 'visitor.png');
  writeFileSync(cutout, await sharp(seen).ensureAlpha().png().toBuffer());
  rtsp = await startRtspCameras([
    {
      path: '/test/exit',
      name: 'Test Exit',
      scene: { visitors: [{ image: cutout, period_s: 8, offset_s: 0, duration_s: 8, direction: 'ltr', y: 0.2 }] },
    },
  ]);
  ctx = await createTestContext({ VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off', VIGIL_CLIP_SECONDS: '60' }, async (database) => {
    await database.db.deleteFrom('cameras').execute();
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  manager = await ctx.signIn('manager@maple.example');
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: [
      {
        name: 'Side Door Outdoor',
        domainUUID: MAPLE,
        protocol: 'rtsp',
        host: '127.0.0.1',
        port: rtsp.port,
        path: '/test/exit',
        username: 'viewer',
        password: CAMERA_PASSWORD,
      },
    ],
  });
  camera = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
  await new CamerasRepository(ctx.database.db).setExit(camera, true);
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/v6/faces',
    headers: bearer(manager),
    payload: {
      domain_uuid: MAPLE,
      face_info: {
        first_name: 'Grace',
        last_name: 'Hopper',
        role: 'resident',
        gender: 'female',
        complexion: 'caucasian',
        room_number: '7',
        elopement_risk: true,
        images: { add: [{ orientation: 'front', data: readFileSync(portrait).toString('base64') }] },
      },
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  person = added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
  key = await detectorKey(ctx, manager, MAPLE, 'pipeline analyzers');
}, 60_000);

afterAll(async () => {
  for (const child of analyzers) if (child.exitCode === null) child.kill('SIGKILL');
  await ctx?.close();
  await rtsp?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const alertsFor = async () => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}`, headers: bearer(manager) });
  return reply.json<{ alerts: ElopementAlert[] }>().alerts.filter((a) => a.frontend_face_uuid === person && a.camera_uuid === camera);
};
const analysisOf = async () => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v4/analyzers?domain_uuid=${MAPLE}`, headers: bearer(manager) });
  return reply.json<{ cameras: CameraAnalysis[] }>().cameras.find((c) => c.camera_uuid === camera)!;
};
const jpegAt = async (url: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url });
  return reply.statusCode === 200 ? (await sharp(reply.rawPayload).metadata()).format : null;
};

describe('the analyzer pipeline (real camera, real models, real ingest)', () => {
  it('recognises the person filmed at the exit and raises an elopement alert with its pictures', async () => {
    startAnalyzer('first analyzer');
    const [raised] = await eventually(async () => ((await alertsFor()).length > 0 ? alertsFor() : null), 90_000, 'an elopement alert');
    expect(raised!.description).toContain('Grace Hopper');
    // The face crop the analyzer cut, and the whole frame from the live video: sent right after the face (so the alert
    // waited for no picture), and the alert's page is told when they are kept.
    const [alert] = await eventually(
      async () => ((await alertsFor()).find((a) => a.alert_id === raised!.alert_id)?.posterFrame ? alertsFor() : null),
      15_000,
      "the alert's pictures",
    );
    expect(alert!.posterFrame).toBeTruthy();
    // The links come as soon as a picture can be had (the camera is live); until the analyzer's crop is kept, a poster is
    // cut from the live video, which can answer 404 for the second its segment is still being written.
    expect(await eventually(() => jpegAt(alert!.posterFrame!), 15_000, 'the poster')).toBe('jpeg');
    expect(alert!.fullFrame).toBeTruthy();
    expect(await eventually(() => jpegAt(alert!.fullFrame!), 15_000, 'the full frame')).toBe('jpeg');
    const detection = await ctx.database.db
      .selectFrom('face_detections')
      .selectAll()
      .where('runtime_face_uuid', '=', alert!.runtime_face_uuid)
      .executeTakeFirstOrThrow();
    expect(detection.confidence).toBeGreaterThanOrEqual(0.9);
    expect(JSON.parse(detection.candidates!)[0]).toMatchObject({ frontend_face_uuid: person });
    // Its embedding, in the side table, with the embedder that made it (human's faceres model, by package version).
    const embedding = await ctx.database.db
      .selectFrom('face_embeddings')
      .selectAll()
      .where('runtime_face_uuid', '=', detection.runtime_face_uuid)
      .executeTakeFirstOrThrow();
    expect(embedding).toMatchObject({ dims: 1024, embedder: expect.stringMatching(/^human-faceres@\d+\.\d+\.\d+$/) });
    expect(Buffer.from(embedding.vector).length).toBe(1024 * 4);
    expect(detection.embedder).toBe(embedding.embedder);
    // Staff see who analyses the camera, and how.
    const analysis = await eventually(
      async () => {
        const a = await analysisOf();
        return a.report?.last_face_at ? a : null;
      },
      30_000,
      'a report with a face',
    );
    expect(analysis.analyzer?.name).toBe('first analyzer');
    expect(analysis.report!.state).toBe('analysing');
    expect(analysis.report!.analysed_fps).toBeGreaterThan(0);
    // While the recorder and the analyzer both work: no command line carries the camera's password, the analyzer's
    // key, or a lease's stream path (a capability), for any user of the machine to read in `ps`.
    const lines = commandLines();
    expect(lines.filter((line) => line.includes('ffmpeg')).length).toBeGreaterThanOrEqual(2);
    const secrets = [CAMERA_PASSWORD, key, '/media/analyzer/', `${serverUrl}/media/`];
    expect(lines.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  }, 150_000);

  it('hands the camera to a second analyzer when the first dies', async () => {
    analyzers[0]!.kill('SIGKILL');
    const killedAt = Date.now();
    // The first one's lease runs out (the server's clock moved on by a lease), and the second takes the camera.
    ctx.clock.advance((ANALYZER.leaseSeconds + 1) * 1000);
    startAnalyzer('second analyzer');
    const analysis = await eventually(
      async () => {
        const a = await analysisOf();
        return a.analyzer?.name === 'second analyzer' && a.report?.last_face_at && Date.parse(a.report.last_face_at) > killedAt ? a : null;
      },
      90_000,
      'the second analyzer analysing the camera',
    );
    expect(analysis.report!.state).toBe('analysing');
    const recent = await ctx.database.db
      .selectFrom('face_detections')
      .select(['frontend_face_uuid'])
      .where('camera_uuid', '=', camera)
      .where('captured_at', '>', killedAt)
      .execute();
    expect(recent.some((d) => d.frontend_face_uuid === person)).toBe(true);
  }, 150_000);

  it('sends the registry photo’s embedding, and switches to a model staff train and load, without a restart', async () => {
    // The analyzer embedded Grace's registry photo and sent it: the server keeps it for training, per embedder.
    const photoEmbedding = await eventually(
      () =>
        ctx.database.db
          .selectFrom('face_photo_embeddings')
          .innerJoin('face_images', 'face_images.uuid', 'face_photo_embeddings.image_uuid')
          .select(['face_photo_embeddings.embedder', 'face_photo_embeddings.dims'])
          .where('face_images.face_uuid', '=', person)
          .executeTakeFirst(),
      30_000,
      'the photo embedding',
    );
    expect(photoEmbedding).toMatchObject({ dims: 1024, embedder: expect.stringMatching(/^human-faceres@/) });
    // A reviewer confirms what the analyzer saw of her; staff train a model and load it.
    const staff = await ctx.signIn('staff@vigil.example');
    const seen = await ctx.database.db
      .selectFrom('face_detections')
      .select('runtime_face_uuid')
      .where('camera_uuid', '=', camera)
      .where('frontend_face_uuid', '=', person)
      .execute();
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/facematchconfirm',
      headers: bearer(staff),
      payload: { runtime_face_uuids: seen.map((d) => d.runtime_face_uuid), frontend_face_uuid: person, is_correct: true },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/training/models/train',
      headers: bearer(staff),
      payload: { domain_uuid: MAPLE },
    });
    expect(started.statusCode, started.body).toBe(200);
    const model = await eventually(
      async () => {
        const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/training/models?domain_uuid=${MAPLE}`, headers: bearer(staff) });
        const newest = list.json<{ results: Model[] }>().results[0];
        return newest?.status === 'ready' ? newest : null;
      },
      30_000,
      'a trained model',
    );
    expect(model.embedder).toBe(photoEmbedding!.embedder);
    expect(model.num_identities).toBe(1);
    const loaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/training/models/load',
      headers: bearer(staff),
      payload: { domain_uuid: MAPLE, label: model.label },
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    // The running analyzer notices through the gallery it polls, fetches the model and uses it: no restart.
    const current = await eventually(
      async () => {
        const reply = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/training/models/current?domain_uuid=${MAPLE}`,
          headers: bearer(staff),
        });
        const body = reply.json<CurrentModelReply>();
        return body.applied ? body : null;
      },
      30_000,
      'the analyzer using the model',
    );
    expect(current.label).toBe(model.label);
    expect(analyzers.at(-1)!.exitCode).toBeNull();
    // And it still names her, now scored by the model's curve.
    const since = Date.now();
    await eventually(
      async () =>
        (await ctx.database.db
          .selectFrom('face_detections')
          .select('runtime_face_uuid')
          .where('camera_uuid', '=', camera)
          .where('analyzer_face_uuid', '=', person)
          .where('created_at', '>', since)
          .executeTakeFirst()) ?? null,
      60_000,
      'a detection named by the model',
    );
  }, 150_000);

  it('with consent required never matches her without it, and matches her again within seconds of her consent', async () => {
    const { db } = ctx.database;
    const photos = db.selectFrom('face_images').select('uuid').where('face_uuid', '=', person);
    const detectionsSince = (at: number) =>
      db
        .selectFrom('face_detections')
        .select(['runtime_face_uuid', 'frontend_face_uuid', 'analyzer_face_uuid', 'candidates'])
        .where('camera_uuid', '=', camera)
        .where('created_at', '>=', at)
        .execute();
    const required = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/privacy/consent',
      headers: bearer(manager),
      payload: { domain_uuid: MAPLE, required: true },
    });
    expect(required.statusCode, required.body).toBe(200);
    // From this moment on (the server's clock), no face of hers is matched: she has no consent recorded.
    const requiredAt = ctx.clock.now();
    // What was kept of her face is gone: her photo's embedding, and those of the faces matched to her.
    expect(await db.selectFrom('face_photo_embeddings').select('image_uuid').where('image_uuid', 'in', photos).execute()).toEqual([]);
    const matched = db.selectFrom('face_detections').select('runtime_face_uuid').where('frontend_face_uuid', '=', person);
    expect(await db.selectFrom('face_embeddings').select('runtime_face_uuid').where('runtime_face_uuid', 'in', matched).execute()).toEqual(
      [],
    );
    // The analyzer drops her from its gallery at its next poll (before that, the server stores its matches of her
    // unmatched anyway); she must have left it for her photo to be embedded and sent again after her consent.
    const linesBefore = analyzerLines.length - 1;
    await eventually(
      async () => analyzerLines.slice(Math.max(0, linesBefore)).some((line) => /gallery of [0-9a-f-]+: 0 people/.test(line)) || null,
      60_000,
      'the analyzer to drop her from its gallery',
    );
    // The analyzer keeps seeing her (her face is filmed all along) and sends what it sees: never matched to her.
    const unmatched = await eventually(
      async () => {
        const rows = await detectionsSince(requiredAt);
        return rows.length >= 4 ? rows : null;
      },
      60_000,
      'faces seen after consent became required',
    );
    for (const row of unmatched) {
      expect(row.frontend_face_uuid).toBeNull();
      expect(row.analyzer_face_uuid).toBeNull();
      expect(row.candidates ?? '').not.toContain(person);
    }
    expect(
      await db
        .selectFrom('elopement_alerts')
        .select('alert_id')
        .where('frontend_face_uuid', '=', person)
        .where('created_at', '>=', requiredAt)
        .execute(),
    ).toEqual([]);
    expect(await db.selectFrom('face_photo_embeddings').select('image_uuid').where('image_uuid', 'in', photos).execute()).toEqual([]);

    // Her representative consents: the analyzer refetches the gallery (and the model) and names her again.
    const consented = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v6/faces/${person}`,
      headers: bearer(manager),
      payload: {
        face_info: {
          first_name: 'Grace',
          last_name: 'Hopper',
          role: 'resident',
          gender: 'female',
          complexion: 'caucasian',
          room_number: '7',
          elopement_risk: true,
        },
        consent: { state: 'given', given_by: 'representative', representative: 'Her nephew', purposes: ['recognition', 'alerts'] },
      },
    });
    expect(consented.statusCode, consented.body).toBe(200);
    const consentedAt = ctx.clock.now();
    await eventually(
      async () => (await detectionsSince(consentedAt)).find((d) => d.frontend_face_uuid === person && d.analyzer_face_uuid === person),
      60_000,
      'a face matched to her after her consent',
    );
    // Back in the gallery, her photo is embedded and sent again (models may train on it).
    await eventually(
      async () =>
        (await db.selectFrom('face_photo_embeddings').select('image_uuid').where('image_uuid', 'in', photos).executeTakeFirst()) ?? null,
      // Bounds for a loaded machine (each wait ends as soon as what it waits for is there).
      60_000,
      'her photo embedding, sent again',
    );
  }, 270_000);
});
