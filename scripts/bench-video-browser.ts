import { readFileSync, readdirSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { freePort } from '../apps/server/test/rtsp-simulator.js';
import { load } from './lib/bench.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { measureLiveLag } from './lib/live-lag.js';
import { tesseractPresent } from './lib/ocr.js';

/**
 * CPU seconds (user + system) used so far by the processes whose command line matches, and when `parent` is given,
 * that it started (other work on the machine runs recorders and demo cameras of its own).
 */
export function cpuSeconds(pattern: RegExp, parent?: number): number {
  const hz = 100;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!pattern.test(cmdline)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (parent !== undefined && Number(fields[1]) !== parent) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / hz;
}

const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const summary = (values: number[], digits = 0) =>
  `p50 ${percentile(values, 50).toFixed(digits)} ms, p95 ${percentile(values, 95).toFixed(digits)} ms (n=${values.length}, min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`;

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      VIGIL_DATA_DIR: dataDir,
      VIGIL_DEMO_RTSP_PORT: String(port + 700),
      VIGIL_CLIP_SECONDS: '10',
      VIGIL_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('Vigil is running') && resolve());
    server.once('exit', () => reject(new Error('server exited')));
  });
  return server;
}

/** Resolves with milliseconds from `start()` to the first frame painted from a source matching `source`. */
async function timeToFirstFrame(page: Page, source: string, start: () => Promise<void>): Promise<number> {
  // Page code as a string: tsx would otherwise add its own helpers to the function's source.
  await page.evaluate(`(() => {
    const video = document.querySelector('video');
    const pattern = new RegExp(${JSON.stringify(source)});
    const t0 = performance.now();
    window.__ttff = new Promise((resolve) => {
      const watch = () => video.requestVideoFrameCallback((now) => {
        if (pattern.test(video.currentSrc) && !video.paused) resolve(now - t0);
        else watch();
      });
      watch();
    });
  })()`);
  await start();
  return page.evaluate(() => (window as unknown as { __ttff: Promise<number> }).__ttff);
}

/** Live and archive time to first frame in the real viewer, and timeline render time, in headless Chromium. */
export async function measureBrowser(rounds = Number(process.env.BENCH_ROUNDS ?? 10)): Promise<void> {
  // A free port: another bench or test run on the machine may hold a fixed one.
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-browser-'));
  const server = await startServer(port, dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // bypassCSP: the server's Content-Security-Policy (script-src 'self') would refuse the timeline bench's inline script.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    const base = `http://localhost:${port}`;
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await page.getByRole('button', { name: 'staff@vigil.example', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    // Recordings to play: wait until the camera has a few finished clips.
    for (let found = 0; found < 3;) {
      await new Promise((r) => setTimeout(r, 1000));
      const reply = await page.request.get(`${base}/api/v4/clips/${CAMERA}/${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      found = ((await reply.json()) as { clips: unknown[] }).clips.length;
    }
    await page.goto(`${base}/view/${CAMERA}/live`);
    await page.locator('video').waitFor();
    const liveSwitch = page.getByRole('switch', { name: 'Live' });
    const live: number[] = [];
    const liveTransports = new Map<string, number>();
    const archive: number[] = [];
    await timeToFirstFrame(page, '.', async () => undefined); // first paint of the page's first source
    for (let i = 0; i < rounds; i++) {
      archive.push(await timeToFirstFrame(page, '/media/(?!live/)', () => liveSwitch.click()));
      live.push(await timeToFirstFrame(page, '^blob:|/media/live/', () => liveSwitch.click()));
      // hls.js plays from a blob: URL too: the player tells which path it took.
      const transport = (await page.locator('video').getAttribute('data-transport')) ?? 'none';
      liveTransports.set(transport, (liveTransports.get(transport) ?? 0) + 1);
    }
    console.log(`Headless Chromium against the demo server (${load()}):`);
    const played = [...liveTransports].map(([transport, n]) => `${n} on ${transport}`).join(', ');
    console.log(`Live, Live click to first painted frame: ${summary(live)} (goal: p95 under 1000 ms; ${played})`);
    console.log(`Archive, switch to recorded video to first painted frame: ${summary(archive)} (goal: p95 under 500 ms)`);
    await timelineRender(page);
    await page.goto('about:blank'); // its viewer stops; the context stays signed in
    await liveLag(context, `${base}/view/${CAMERA}/live`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Renders 10,000 one-minute clips of timeline (about a week) on a real canvas, as the viewer's timeline does. */
async function timelineRender(page: Page): Promise<void> {
  const bundle = await build({
    stdin: {
      contents: `import { drawTimeline } from './apps/web/src/features/video/lib/draw-timeline.ts';
        import { syntheticSpans } from './packages/contract/src/timeline.ts';
        window.benchTimeline = (count, frames) => {
          const canvas = document.createElement('canvas');
          canvas.width = 1200; canvas.height = 60; document.body.append(canvas);
          const ctx = canvas.getContext('2d');
          const start = Date.now() - count * 60000;
          const t0 = performance.now();
          const spans = syntheticSpans(count, start, 60000, 55000);
          const prepared = performance.now() - t0;
          const times = [];
          for (let i = 0; i < frames; i++) {
            const zoom = i % 2 === 0 ? count * 60000 : 3600000;
            const a = performance.now();
            drawTimeline(ctx, { width: 1200, height: 60, pixelRatio: 1, view: { start: start + (count * 60000 - zoom), end: start + count * 60000 }, spans, cursor: null, now: Date.now(), hoverX: null });
            ctx.getImageData(0, 0, 1, 1);
            times.push(performance.now() - a);
          }
          return { prepared, times };
        };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    alias: { '@vigil/contract': './packages/contract/src/index.ts' },
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const result = await page.evaluate(() =>
    (window as unknown as { benchTimeline(n: number, f: number): { prepared: number; times: number[] } }).benchTimeline(10_000, 40),
  );
  const first = result.prepared + result.times[0]!;
  console.log(`Timeline, 10,000 clips: first render ${first.toFixed(1)} ms (goal: under 200 ms); redraw ${summary(result.times, 2)}`);
}

/** Live lag behind real time by OCR of the burnt-in clock, on the low-latency stream and on the HLS fallback. */
async function liveLag(context: BrowserContext, url: string): Promise<void> {
  if (!tesseractPresent('the live lag benchmark reads the clock burnt into the demo video')) {
    console.log("Live lag behind real time: skipped (it needs Debian's tesseract-ocr)");
    return;
  }
  for (const transport of ['mse', 'hls'] as const) {
    const lag = await measureLiveLag(context, url, transport);
    const { samples } = lag;
    const figures =
      samples.length > 0
        ? `median ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms (n=${samples.length}, min ${Math.min(...samples).toFixed(0)}, max ${Math.max(...samples).toFixed(0)})`
        : 'no samples';
    const epoch = lag.byEpoch === null ? '' : `; by the stream's own epoch_ms ${lag.byEpoch.toFixed(0)} ms`;
    console.log(
      `Live lag behind real time on ${transport.toUpperCase()}, burnt-in clock by OCR vs this machine's clock at paint: ${figures}` +
        ` (${lag.read}/${lag.frames} frames read; a sample is the first frame of a new second, so at most one frame,` +
        ` ${lag.frameMs.toFixed(0)} ms, over the true lag${epoch})${samples.length < 15 ? ' — fewer than 15 samples' : ''}`,
    );
  }
}
