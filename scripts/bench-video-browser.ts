import { readFileSync, readdirSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

/** CPU seconds (user + system) used so far by the processes whose command line matches. */
export function cpuSeconds(pattern: RegExp): number {
  const hz = 100;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!pattern.test(cmdline)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
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
  const port = 18290;
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-browser-'));
  const server = await startServer(port, dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
    const archive: number[] = [];
    await timeToFirstFrame(page, '.', async () => undefined); // first paint of the page's first source
    for (let i = 0; i < rounds; i++) {
      archive.push(await timeToFirstFrame(page, '/media/(?!live/)', () => liveSwitch.click()));
      live.push(await timeToFirstFrame(page, '^blob:|/media/live/', () => liveSwitch.click()));
    }
    console.log(`Live, Live click to first painted frame: ${summary(live)} (goal: p95 under 1500 ms)`);
    console.log(`Archive, switch to recorded video to first painted frame: ${summary(archive)} (goal: p95 under 500 ms)`);
    await timelineRender(page);
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
