import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElopementAlert } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../test/harness.js';
import { eventually, startRtspCameras } from '../../test/rtsp-simulator.js';
import { CamerasRepository } from '../modules/video/cameras.repository.js';

const MARGARET = 'f0ce0001-0000-4000-8000-00000000a001';
let ctx: TestContext;
let rtsp: Awaited<ReturnType<typeof startRtspCameras>>;
let manager: string;
let camera: string;

beforeAll(async () => {
  rtsp = await startRtspCameras([{ path: '/test/door', name: 'Test Door' }]);
  ctx = await createTestContext({ VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off', VIGIL_CLIP_SECONDS: '60' }, async (database) => {
    await database.db.deleteFrom('cameras').execute();
  });
  manager = await ctx.signIn('manager@maple.example');
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: [{ name: 'Back Door Outdoor', domainUUID: MAPLE, protocol: 'rtsp', host: '127.0.0.1', port: rtsp.port, path: '/test/door' }],
  });
  camera = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
  await new CamerasRepository(ctx.database.db).setExit(camera, true);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await rtsp?.stop();
});

describe('a new elopement alert', () => {
  it('has its face crop and full frame at once, from the live segments, before the clip is written', async () => {
    const playlist = join(ctx.config.video.mediaDir, 'live', camera, 'index.m3u8');
    // a camera that has been streaming for a while: its first segments (a burst on connecting) are gone
    await eventually(
      async () => existsSync(playlist) && Number(/MEDIA-SEQUENCE:(\d+)/.exec(readFileSync(playlist, 'utf8'))?.[1] ?? 0) >= 6,
      40_000,
      'the live playlist past its first segments',
    );
    // Clips are cut at the wall clock's minutes: the face is seen well inside a minute whose clip is still being
    // written (near a boundary, that clip could be finished by the time the alert is read).
    const intoMinute = Date.now() % 60_000;
    if (intoMinute < 3_000 || intoMinute > 45_000) await new Promise((r) => setTimeout(r, (63_000 - intoMinute) % 60_000));
    const seenAt = Date.now() - 200;
    const key = await detectorKey(ctx, manager, MAPLE);
    const ingest = await sendBatch(ctx, key, {
      faces: [
        {
          camera_uuid: camera,
          captured_at: new Date(seenAt).toISOString(),
          frontend_face_uuid: MARGARET,
          confidence: 0.97,
          box: { x: 0.4, y: 0.3, w: 0.2, h: 0.3 },
        },
      ],
    });
    expect(ingest.json()).toMatchObject({ elopement_alerts: 1 });
    // 60 s clips: the moment the face was seen is in no clip yet
    const clips = await ctx.database.db.selectFrom('clips').selectAll().where('camera_uuid', '=', camera).execute();
    expect(clips.filter((c) => c.start_ms + c.duration_ms > seenAt)).toEqual([]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/faces/alerts?domainUUID=${MAPLE}&sort=descending`,
      headers: bearer(manager),
    });
    const alert = list.json<{ alerts: ElopementAlert[] }>().alerts.find((a) => a.camera_uuid === camera)!;
    for (const url of [alert.posterFrame!, alert.fullFrame!]) {
      const picture = await ctx.app.inject({ method: 'GET', url });
      expect(picture.statusCode, picture.body.slice(0, 100)).toBe(200);
      expect(picture.headers['content-type']).toContain('image/jpeg');
    }
  }, 90_000);
});
