// How far live video runs behind real time, read off the picture: the demo cameras burn the wall clock into every
// frame, and the page notes this machine's clock as each frame is painted. The clock shows whole seconds, so only the
// first frame of each new second counts (filmed within one frame period after that second began).
import type { BrowserContext } from '@playwright/test';
import { percentile } from './bench.js';
import { parseBurntInTime, readClockLines } from './ocr.js';

interface PaintedFrame {
  /** epoch ms at which the frame was (expected to be) shown */
  paintedAt: number;
  /** the frame's media time, seconds */
  mediaTime: number;
  /** the clock's corner of the frame, enlarged 3x, black text on white (PNG data URL) */
  clock: string;
  /** the stream's epoch (data-stream-epoch, MSE only): when media time 0 was filmed by the server's estimate */
  epoch: number | null;
}

export interface LiveLag {
  /** lag of each frame that was the first to show a new second, ms (at most one frame period over the true lag) */
  samples: number[];
  frames: number;
  /** frames whose clock read as a time within 30 s of the paint time */
  read: number;
  /** frame period, ms (the median media time step) */
  frameMs: number;
  /** median of paint time - (epoch + media time) over all frames, for MSE: the lag as the stream's own timestamps tell */
  byEpoch: number | null;
}

/**
 * In the page: on every painted frame, crops the clock (bottom right: the right 60% of the last fifth of the
 * picture), enlarges it 3x and cuts it to black text on white (the text is bright, the shading behind it dark).
 * Page code as a string: tsx would otherwise add its own helpers to the function's source.
 */
const collectInPage = (warmupMs: number, sampleMs: number) => `new Promise((resolve) => {
  const video = document.querySelector('video');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const frames = [];
  const start = performance.now();
  const done = () => resolve(frames);
  setTimeout(done, ${warmupMs + sampleMs + 10_000});
  const onFrame = (now, meta) => {
    if (now - start > ${warmupMs}) {
      const vw = video.videoWidth, vh = video.videoHeight;
      const sx = Math.round(vw * 0.4), sy = Math.round(vh * 0.76), sw = vw - sx, sh = Math.round(vh * 0.2);
      canvas.width = sw * 3;
      canvas.height = sh * 3;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(video, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const d = image.data;
      for (let i = 0; i < d.length; i += 4) {
        const v = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2] > 200 ? 0 : 255;
        d[i] = d[i + 1] = d[i + 2] = v;
        d[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      frames.push({
        paintedAt: performance.timeOrigin + meta.expectedDisplayTime,
        mediaTime: meta.mediaTime,
        clock: canvas.toDataURL('image/png'),
        epoch: Number(video.dataset.streamEpoch) || null,
      });
    }
    if (now - start < ${warmupMs + sampleMs}) video.requestVideoFrameCallback(onFrame);
    else done();
  };
  video.requestVideoFrameCallback(onFrame);
})`;

/** Lag samples from painted frames: OCR every clock crop, keep the frames that are the first to show a new second. */
export async function lagOfFrames(frames: PaintedFrame[]): Promise<LiveLag> {
  const lines = await readClockLines(frames.map((f) => Buffer.from(f.clock.slice(f.clock.indexOf(',') + 1), 'base64')));
  const shown = lines.map((line, i) => {
    const time = parseBurntInTime(line);
    return time !== null && Math.abs(frames[i]!.paintedAt - time) <= 30_000 ? time : null;
  });
  const steps = frames
    .slice(1)
    .map((f, i) => f.mediaTime - frames[i]!.mediaTime)
    .filter((s) => s > 0);
  const frameMs = steps.length > 0 ? percentile(steps, 50) * 1000 : NaN;
  const samples: number[] = [];
  for (let i = 1; i < frames.length; i++) {
    const [before, now] = [shown[i - 1] ?? null, shown[i] ?? null];
    // The second changed between two frames one frame period apart: this one was filmed within a frame of it.
    const consecutive = (frames[i]!.mediaTime - frames[i - 1]!.mediaTime) * 1000 <= frameMs * 1.5;
    if (before !== null && now !== null && now - before === 1000 && consecutive) samples.push(frames[i]!.paintedAt - now);
  }
  const byEpoch = frames.filter((f) => f.epoch !== null).map((f) => f.paintedAt - (f.epoch! + f.mediaTime * 1000));
  return {
    samples,
    frames: frames.length,
    read: shown.filter((t) => t !== null).length,
    frameMs,
    byEpoch: byEpoch.length > 0 ? percentile(byEpoch, 50) : null,
  };
}

/**
 * Opens the live viewer in a new page of `context` (signed in), on the low-latency stream ('mse') or on HLS (its
 * WebSocket refused, as when the path fails), lets it settle for `warmupMs`, and collects `sampleMs` of frames.
 */
export async function measureLiveLag(
  context: BrowserContext,
  url: string,
  transport: 'mse' | 'hls',
  { warmupMs = 3000, sampleMs = Number(process.env.BENCH_LAG_SECONDS ?? 25) * 1000 } = {},
): Promise<LiveLag> {
  const page = await context.newPage();
  try {
    if (transport === 'hls') await page.routeWebSocket(/\/stream$/, (ws) => ws.close());
    await page.goto(url);
    await page.locator(`video[data-transport="${transport}"]`).waitFor({ timeout: 30_000 });
    const frames = (await page.evaluate(collectInPage(warmupMs, sampleMs))) as PaintedFrame[];
    return await lagOfFrames(frames);
  } finally {
    await page.close();
  }
}
