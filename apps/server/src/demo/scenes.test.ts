import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RTSP_SCRIPT } from '../../test/rtsp-simulator.js';
import { resolveFfmpeg } from '../media/ffmpeg.js';
import { startDemoCameras } from './cameras.js';
import { DEMO_CAMERAS } from './seed.js';
import { demoScenes, prepareSceneMedia, SCENE_HEIGHT, SCENE_WIDTH, type DemoScene, type SceneMedia } from './scenes.js';

const SOURCES = resolve(import.meta.dirname, '../../../../media');
const silent = { info: () => {}, warn: () => {} };

let dir: string;
let ffmpeg: string;
let media: SceneMedia;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-scenes-'));
  ffmpeg = (await resolveFfmpeg())!;
  ({ media } = await prepareSceneMedia({ ffmpeg, sourceDir: SOURCES, cacheDir: join(dir, 'demo-media') }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frames = (folder: string) => readdirSync(folder).filter((n) => /^\d{5}\.jpg$/.test(n));

describe('demo scene media', () => {
  it('has vtest.avi as 480x270 JPEG frames at 10 fps, twice (the second mirrored and half a loop on)', async () => {
    // vtest.avi: 79.5 s at 10 fps
    expect(frames(media.street)).toHaveLength(795);
    expect(frames(media.streetFlipped)).toHaveLength(795);
    for (const file of [join(media.street, '00001.jpg'), join(media.street, '00795.jpg'), join(media.streetFlipped, '00400.jpg')]) {
      expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: SCENE_WIDTH, height: SCENE_HEIGHT });
    }
    expect(readFileSync(join(media.street, '00001.jpg')).equals(readFileSync(join(media.streetFlipped, '00001.jpg')))).toBe(false);
  });

  it('has a still of its own for each indoor camera', async () => {
    const stills = Object.values(media.stills);
    expect(new Set(stills.map((s) => readFileSync(s).toString('base64'))).size).toBe(stills.length);
    for (const still of stills) expect(await sharp(still).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 270 });
  });

  it('has visitor cut-outs: RGBA, transparent corners, about 110 px tall, not the source pixels', async () => {
    const sources = ['grace_hopper_512x512.jpg', 'astronaut.png', 'chelsea.png'].map((n) => readFileSync(join(SOURCES, n)));
    for (const cutout of Object.values(media.visitors)) {
      const bytes = readFileSync(cutout);
      expect(sources.some((s) => s.equals(bytes))).toBe(false);
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      expect(info.height).toBeGreaterThanOrEqual(90);
      expect(info.height).toBeLessThanOrEqual(125);
      const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
      const { width: w, height: h } = info;
      expect([alpha(0, 0), alpha(w - 1, 0), alpha(0, h - 1), alpha(w - 1, h - 1)]).toEqual([0, 0, 0, 0]);
      expect(alpha(Math.floor(w / 2), Math.floor(h / 2))).toBe(255);
    }
  });

  it('is made once: a second start reuses it', async () => {
    const again = await prepareSceneMedia({ ffmpeg, sourceDir: SOURCES, cacheDir: join(dir, 'demo-media') });
    expect(again).toEqual({ media, made: false });
    expect(readdirSync(join(dir, 'demo-media'))).toHaveLength(1);
  });

  it('gives every demo camera a scene whose files exist', () => {
    const scenes = demoScenes(media, 150);
    expect(Object.keys(scenes).sort()).toEqual(DEMO_CAMERAS.map((c) => c.uuid).sort());
    for (const scene of Object.values(scenes)) {
      const bg = scene.background;
      expect(existsSync(bg.kind === 'frames' ? bg.dir : bg.kind === 'still' ? bg.image : '')).toBe(true);
      for (const visitor of scene.visitors ?? []) expect(existsSync(visitor.image)).toBe(true);
    }
    // The front entrance's two visitors take turns, half a period apart.
    const front = scenes[DEMO_CAMERAS[0]!.uuid]!.visitors!;
    expect(front.map((v) => [v.period_s, v.offset_s, v.duration_s])).toEqual([
      [150, 20, 12],
      [150, 95, 12],
    ]);
  });
});

/** One frame of an RTSP stream as raw RGB. */
async function grab(url: string): Promise<Buffer> {
  const png = await new Promise<Buffer>((done, fail) => {
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-rtsp_transport',
      'tcp',
      '-i',
      url,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      '-',
    ];
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) done(Buffer.concat(chunks));
      else fail(new Error(`ffmpeg exited with ${code}`));
    });
  });
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** The largest mean absolute difference of two RGB frames in an 80-pixel-wide window of rows [top, bottom). */
function difference(a: Buffer, b: Buffer, top: number, bottom: number): number {
  let largest = 0;
  for (let left = 0; left + 80 <= SCENE_WIDTH; left += 20) {
    let sum = 0;
    for (let y = top; y < bottom; y++)
      for (let i = (y * SCENE_WIDTH + left) * 3; i < (y * SCENE_WIDTH + left + 80) * 3; i++) sum += Math.abs(a[i]! - b[i]!);
    largest = Math.max(largest, sum / ((bottom - top) * 80 * 3));
  }
  return largest;
}

const until = (unixSeconds: number) => new Promise((r) => setTimeout(r, Math.max(0, unixSeconds * 1000 - Date.now())));

describe('a simulated camera with a scene', () => {
  it('shows its visitor exactly when the timetable says', { timeout: 60_000 }, async () => {
    // On screen 1–16 s from now, then away until 31 s: one frame in the visit, one after it. The windows are wide
    // because grabbing a frame (connect, wait for a key frame, decode) takes seconds on a loaded machine.
    const start = Math.ceil(Date.now() / 1000);
    const y = 0.3;
    const scene: DemoScene = {
      background: { kind: 'still', image: media.stills.lawn },
      visitors: [{ image: media.visitors.hopper, period_s: 30, offset_s: start + 1, duration_s: 15, direction: 'ltr', y }],
    };
    const port = await freePort();
    const cameras = await startDemoCameras({ script: RTSP_SCRIPT, port, cameras: [{ path: '/demo/x', name: 'X', scene }], log: silent });
    expect(cameras).not.toBeNull();
    try {
      const url = `rtsp://127.0.0.1:${port}/demo/x`;
      await until(start + 5);
      const visiting = await grab(url);
      expect(Date.now() / 1000, 'the visiting frame was grabbed during the visit').toBeLessThan(start + 16);
      await until(start + 17);
      const away = await grab(url);
      expect(Date.now() / 1000, 'the away frame was grabbed before the next visit').toBeLessThan(start + 31);
      const top = Math.round(y * SCENE_HEIGHT);
      // Where the visitor walks the pictures differ; above it (the camera's name aside) they are the same still.
      expect(difference(visiting, away, top + 10, top + 90)).toBeGreaterThan(25);
      expect(difference(visiting, away, 40, top - 5)).toBeLessThan(8);
    } finally {
      await cameras?.stop();
    }
  });
});
