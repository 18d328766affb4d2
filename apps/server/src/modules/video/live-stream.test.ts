import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_STREAM, liveStreamSocketUrl, type CameraStatus, type HlsStartReply, type LiveStreamInit } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { eventually, processesWorkingIn, startRtspCameras } from '../../../test/rtsp-simulator.js';
import { resolveFfmpeg } from '../../media/ffmpeg.js';

// The low-latency live stream (fragmented MP4 over WebSocket) from a simulated RTSP camera through the real recorder.

let ctx: TestContext;
let rtsp: Awaited<ReturnType<typeof startRtspCameras>>;
let base: string;
let manager: string;
let nurse: string;
let door: string;
let heavy: string;
let birchCamera: string;
let ffmpeg: string;

beforeAll(async () => {
  ffmpeg = (await resolveFfmpeg())!;
  rtsp = await startRtspCameras([
    { path: '/live/door', name: 'Live Door' },
    // a heavy stream (about 1 MB/s), so a viewer that stops reading falls behind within seconds
    { path: '/live/heavy', name: 'Live Heavy', scene: { background: { kind: 'pattern', pattern: 'snow' }, bitrate_kbps: 8000 } },
    { path: '/live/birch', name: 'Live Birch' },
  ]);
  ctx = await createTestContext({ VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off', VIGIL_ANALYZER: 'off' }, async (database) => {
    await database.db.deleteFrom('cameras').execute();
  });
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  const camera = { protocol: 'rtsp', host: '127.0.0.1', port: rtsp.port };
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: [
      { ...camera, name: 'Live Door Floor 1', domainUUID: MAPLE, path: '/live/door' },
      { ...camera, name: 'Live Heavy Floor 1', domainUUID: MAPLE, path: '/live/heavy' },
      { ...camera, name: 'Live Birch Floor 1', domainUUID: BIRCH, path: '/live/birch' },
    ],
  });
  expect(upload.statusCode, upload.body).toBe(200);
  [door, heavy, birchCamera] = upload.json<{ cameras: { uuid: string }[] }>().cameras.map((c) => c.uuid) as [string, string, string];
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await rtsp?.stop();
});

async function lease(token: string, camera: string): Promise<HlsStartReply> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/hlsvideo/',
    headers: bearer(token),
    payload: { camera_uuid: camera },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<HlsStartReply>();
}

interface Viewer {
  socket: WebSocket;
  init: Promise<LiveStreamInit>;
  media: Buffer[];
  texts: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

function watch(path: string): Viewer {
  const socket = new WebSocket(liveStreamSocketUrl(path, base));
  const media: Buffer[] = [];
  const texts: unknown[] = [];
  let gotInit: (init: LiveStreamInit) => void;
  const init = new Promise<LiveStreamInit>((resolve) => (gotInit = resolve));
  socket.on('message', (data: Buffer, binary) => {
    if (binary) return media.push(data);
    const message = JSON.parse(data.toString()) as { type: string };
    texts.push(message);
    if (message.type === 'init') gotInit(message as LiveStreamInit);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => undefined);
  return { socket, init, media, texts, closed };
}

/** The HTTP status a refused upgrade answered with. */
function refusal(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(liveStreamSocketUrl(path, base));
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => reject(new Error('the stream opened')));
    socket.on('error', () => undefined);
  });
}

/** The camera's live_stream figures as a manager sees them on the cameras list. */
async function liveStream(camera: string): Promise<CameraStatus['live_stream']> {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v4/cameras?domain_uuid=${MAPLE}`, headers: bearer(manager) });
  return reply.json<{ cameras: CameraStatus[] }>().cameras.find((c) => c.uuid === camera)!.live_stream;
}

const boxType = (b: Buffer) => b.toString('latin1', 4, 8);
const fragments = (viewer: Viewer) => viewer.media.filter((b) => boxType(b) === 'moof').length;

/** ffmpeg's count of the frames it decoded from the bytes a viewer received. */
function decodedFrames(media: Buffer[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-live-'));
  try {
    const file = join(dir, 'live.mp4');
    writeFileSync(file, Buffer.concat(media));
    // Frames pass through with their own times (-fps_mode passthrough) in the stream's own time base (-enc_time_base -1):
    // stamped by arrival, two frames of a loaded machine can be closer than a frame interval (0.4 s and 0.4001 s), which
    // the default time base of one frame interval would make equal and the null output call non-monotonic.
    const run = spawnSync(
      ffmpeg,
      ['-hide_banner', '-v', 'error', '-i', file, '-fps_mode', 'passthrough', '-enc_time_base', '-1', '-f', 'null', '-'],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.trim()).toBe('');
    const count = spawnSync(
      ffmpeg.replace(/ffmpeg$/, 'ffprobe'),
      ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
      {
        encoding: 'utf8',
      },
    );
    return Number(count.stdout.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the low-latency live stream', () => {
  it('delivers decodable fragmented MP4 from the camera, starting at a keyframe, timed by the wall clock', async () => {
    const { stream_url } = await lease(nurse, door);
    expect(stream_url).toMatch(new RegExp(`^/media/live/[\\w-]+/${door}/stream$`));
    const viewer = watch(stream_url!);
    const init = await viewer.init;
    expect(init).toMatchObject({ type: 'init', codec: expect.stringMatching(/^avc1\.[0-9a-f]{6}$/) });
    expect(init.mime).toBe(`video/mp4; codecs="${init.codec}"`);
    await eventually(async () => fragments(viewer) >= 12, 20_000, '12 fragments');
    viewer.socket.close();
    expect(viewer.media.slice(0, 3).map(boxType)).toEqual(['ftyp', 'moof', 'moof']);
    expect(decodedFrames(viewer.media)).toBeGreaterThanOrEqual(12);
    // The epoch is the wall clock of media time 0 (when the recorder connected): in the past, not long ago.
    expect(init.epoch_ms).toBeLessThan(Date.now());
    expect(init.epoch_ms).toBeGreaterThan(Date.now() - 120_000);
  });

  it('refuses a made-up lease, a lease of another camera, and another building’s camera like an unknown one', async () => {
    const { stream_url } = await lease(nurse, door);
    const made = `/media/live/${randomBytes(32).toString('base64url')}/${door}/stream`;
    const unknownCamera = stream_url!.replace(door, '00000000-0000-4000-8000-00000000dead');
    const foreignCamera = stream_url!.replace(door, birchCamera);
    const heavyCamera = stream_url!.replace(door, heavy);
    expect(await Promise.all([made, unknownCamera, foreignCamera, heavyCamera].map(refusal))).toEqual([403, 403, 403, 403]);
    // The lease itself is refused for another building's camera exactly as for an unknown one.
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(nurse),
      payload: { camera_uuid: birchCamera },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(nurse),
      payload: { camera_uuid: '00000000-0000-4000-8000-00000000dead' },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(foreign.statusCode).toBe(404);
  });

  it('ends at logout, and a lease of the ended session opens nothing', async () => {
    const token = await ctx.signIn('nurse@maple.example');
    const { stream_url } = await lease(token, door);
    const viewer = watch(stream_url!);
    await viewer.init;
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(await viewer.closed).toEqual({ code: LIVE_STREAM.closeCodes.ended, reason: 'ended' });
    expect(viewer.texts.at(-1)).toEqual({ type: 'end', reason: 'ended' });
    expect(await refusal(stream_url!)).toBe(403);
  });

  it('ends when the role that gave video/view_live is revoked', async () => {
    const user = await ctx.access.ensureUser('live-watcher@maple.example', 'Lou Watcher');
    await ctx.access.grant(user.id, MAPLE, 'caregiver');
    const token = await ctx.signIn('live-watcher@maple.example');
    const { stream_url } = await lease(token, door);
    const viewer = watch(stream_url!);
    await viewer.init;
    expect(await ctx.transaction((trx) => ctx.access.revoke(trx, user.id, MAPLE, 'caregiver'))).toBe(1);
    expect(await viewer.closed).toEqual({ code: LIVE_STREAM.closeCodes.ended, reason: 'ended' });
    expect(await refusal(stream_url!)).toBe(403);
  });

  it('serves two viewers and the analyzer from one reader of the camera', async () => {
    const [a, b] = [watch((await lease(nurse, door)).stream_url!), watch((await lease(manager, door)).stream_url!)];
    // the analyzer's stream, by its camera lease
    const key = await detectorKey(ctx, manager, MAPLE);
    const beat = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/analyzers/heartbeat',
      headers: bearer(key),
      payload: { analyzer_id: '7d0c8c8e-0000-4000-8000-000000000001', name: 'live test', capacity: 16, cameras: [] },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    const assignment = beat
      .json<{ assignments: { camera_uuid: string; stream_url: string }[] }>()
      .assignments.find((x) => x.camera_uuid === door)!;
    expect(assignment.stream_url).toMatch(/\/stream\.mp4$/);
    const abort = new AbortController();
    const response = await fetch(new URL(assignment.stream_url, base), { signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    const epoch = Number(response.headers.get('vigil-stream-epoch-ms'));
    // The same estimate of when media time 0 was filmed, refined meanwhile: the least (arrival - media time) so far.
    const viewers = (await a.init).epoch_ms;
    expect(epoch).toBeLessThanOrEqual(viewers);
    expect(epoch).toBeGreaterThan(viewers - 1000);
    const reader = response.body!.getReader();
    let analyzerBytes = 0;
    while (analyzerBytes < 50_000) analyzerBytes += (await reader.read()).value?.length ?? 0;
    await Promise.all([a.init, b.init]);
    await eventually(async () => fragments(a) >= 5 && fragments(b) >= 5, 10_000, 'fragments for both viewers');
    expect((await liveStream(door))?.readers).toBe(3);
    // one process reads the camera: the recorder's ffmpeg (recording, HLS and the stream from one connection)
    expect(await processesWorkingIn(join(ctx.config.video.mediaDir, 'clips', door))).toHaveLength(1);
    abort.abort();
    a.socket.close();
    b.socket.close();
    await eventually(async () => (await liveStream(door))?.readers === 0, 5000, 'viewers gone');
  });

  it('drops a viewer that stops reading, without delaying the others', async () => {
    const slow = watch((await lease(nurse, heavy)).stream_url!);
    const steady = watch((await lease(manager, heavy)).stream_url!);
    await Promise.all([slow.init, steady.init]);
    // The slow viewer's socket stops reading: the kernel's buffers fill, then the server's.
    const raw = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    raw.pause();
    await eventually(async () => (await liveStream(heavy))?.dropped === 1, 40_000, 'the slow viewer dropped');
    expect((await liveStream(heavy))?.readers).toBe(1);
    // read again, it finds its connection cut (not closed politely: the server freed its queue at once)
    raw.resume();
    expect((await slow.closed).code).toBe(1006);
    // the steady viewer kept getting every fragment, in order, and still does
    const before = fragments(steady);
    await eventually(async () => fragments(steady) >= before + 10, 10_000, 'the steady viewer goes on');
    expect(steady.socket.readyState).toBe(WebSocket.OPEN);
    expect(decodedFrames(steady.media.slice(0, 40))).toBeGreaterThan(0);
    steady.socket.close();
  }, 60_000);
});
