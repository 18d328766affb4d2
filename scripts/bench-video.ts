// `npm run bench:video`: recorder cost per camera (16 simulated cameras, stream copy), with 2 live viewers a camera,
// and memory with one viewer that stops reading; live and archive time to first frame in headless Chromium, live lag
// behind real time, and timeline render time for 10,000 clips. Prints figures; asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { resolveFfmpeg } from '../apps/server/src/media/ffmpeg.js';
import { MediaStore } from '../apps/server/src/media/media-store.js';
import type { CameraSource } from '../apps/server/src/media/recorder.js';
import { Recorders } from '../apps/server/src/media/recorders.js';
import { ClipsRepository } from '../apps/server/src/modules/video/clips.repository.js';
import { attachLiveStreams, OpenStreams } from '../apps/server/src/modules/video/live-streams.js';
import { eventually, startRtspCameras } from '../apps/server/test/rtsp-simulator.js';
import { cpuSeconds, measureBrowser } from './bench-video-browser.js';
import { load } from './lib/bench.js';
import { startLiveViewers } from './lib/live-viewers.js';

import { ensureBuilt } from './lib/setup.mjs';

ensureBuilt();
const CAMERAS = 16;
const SAMPLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const STALL_SECONDS = Number(process.env.BENCH_STALL_SECONDS ?? 30);
/** the recorders' ffmpeg (this process starts them; other work on the machine runs its own) */
const FFMPEG = /ffmpeg.*use_wallclock/;
const pct = (share: number, per = 1) => `${((share * 100) / per).toFixed(2)}%`;

async function recorderCost(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-video-'));
  const rtsp = await startRtspCameras([
    ...Array.from({ length: CAMERAS }, (_, i) => ({ path: `/bench/${i}`, name: `Bench Camera ${i + 1}` })),
    // recorded only for the stalled-viewer part: about 1 MB/s, so a viewer that stops reading falls behind within seconds
    { path: '/bench/heavy', name: 'Bench Heavy', scene: { background: { kind: 'pattern', pattern: 'snow' }, bitrate_kbps: 8000 } },
  ]);
  const database = openDatabase({ sqlitePath: join(dir, 'bench.sqlite') });
  await migrateToLatest(database.db);
  const now = Date.now();
  await database.db
    .insertInto('domains')
    .values({
      uuid: '00000000-0000-4000-8000-000000000001',
      description: 'Bench',
      preferences: '{}',
      timezone: 'UTC',
      geoloc: null,
      created_at: now,
    })
    .execute();
  const sources = Array.from({ length: CAMERAS }, (_, i) => ({
    uuid: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    url: rtsp.url(`/bench/${i}`),
  }));
  const heavy = { uuid: '00000000-0000-4000-8000-000000000200', url: rtsp.url('/bench/heavy') };
  for (const s of [...sources, heavy]) {
    await database.db
      .insertInto('cameras')
      .values({
        uuid: s.uuid,
        domain_uuid: '00000000-0000-4000-8000-000000000001',
        description: s.uuid,
        floor: null,
        label: null,
        protocol: 'rtsp',
        host: '127.0.0.1',
        port: rtsp.port,
        path: '/',
        username: null,
        password: null,
        created_at: now,
      })
      .execute();
  }
  const clips = new ClipsRepository(database.db, systemClock);
  const log = { info: () => undefined, warn: () => undefined };
  const recorders = new Recorders(
    {
      store: new MediaStore(join(dir, 'media')),
      index: clips,
      ffmpeg: (await resolveFfmpeg())!,
      clock: systemClock,
      clipSeconds: 10,
      hlsSeconds: 1,
      log,
    },
    clips,
    { maxBytes: 0 },
  );
  await recorders.sync(sources);
  await eventually(async () => sources.every((s) => recorders.status(s.uuid)?.state === 'recording'), 60_000, 'all cameras recording');
  const nodeBefore = process.cpuUsage();
  const ffmpegBefore = cpuSeconds(FFMPEG, process.pid);
  const simBefore = cpuSeconds(/rtsp-cameras\.py/, process.pid);
  await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
  const node = process.cpuUsage(nodeBefore);
  const nodeShare = (node.user + node.system) / 1e6 / SAMPLE_SECONDS;
  const ffmpegShare = (cpuSeconds(FFMPEG, process.pid) - ffmpegBefore) / SAMPLE_SECONDS;
  const simShare = (cpuSeconds(/rtsp-cameras\.py/, process.pid) - simBefore) / SAMPLE_SECONDS;
  const indexed = (
    await database.db
      .selectFrom('clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  console.log(`Recorder, ${CAMERAS} cameras copying, no live viewers (sampled ${SAMPLE_SECONDS} s, ${indexed} clips indexed, ${load()}):`);
  console.log(
    `  ffmpeg total ${(ffmpegShare * 100).toFixed(2)}% of one core, ${((ffmpegShare * 100) / CAMERAS).toFixed(3)}% per camera (goal: under 1%)`,
  );
  console.log(`  node (recorders, live feeds): ${pct(nodeShare)} of one core, ${pct(nodeShare, CAMERAS)} per camera`);
  console.log(`  (the simulated cameras themselves, encoding H.264: ${((simShare * 100) / CAMERAS).toFixed(2)}% of one core per camera)`);
  await liveViewersCost(recorders, sources, heavy);
  await recorders.stopAll();
  await rtsp.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

const rssBytes = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The same recorders with 2 WebSocket viewers a camera, served as the server serves them (attachLiveStreams on a
 * loopback HTTP server, the lease always good); the viewers read in a process of their own. Then one viewer stops
 * reading while the others go on: this process's memory, and when the feed skips and drops that viewer.
 */
async function liveViewersCost(recorders: Recorders, sources: CameraSource[], heavy: CameraSource): Promise<void> {
  const http = createServer();
  const detach = attachLiveStreams(http, {
    allowed: async () => true,
    feed: (camera) => recorders.feed(camera),
    streams: new OpenStreams(),
    log: { warn: () => undefined },
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  const twoViewers = (camera: string) => [0, 1].map(() => `ws://127.0.0.1:${port}/media/live/bench-lease-000000000000000/${camera}/stream`);
  const viewers = startLiveViewers(sources.flatMap((s) => twoViewers(s.uuid)));
  await viewers.receiving;

  const nodeBefore = process.cpuUsage();
  const ffmpegBefore = cpuSeconds(FFMPEG, process.pid);
  const viewersBefore = viewers.cpuSeconds();
  const bytesBefore = await viewers.bytes();
  await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
  const node = process.cpuUsage(nodeBefore);
  const nodeShare = (node.user + node.system) / 1e6 / SAMPLE_SECONDS;
  const ffmpegShare = (cpuSeconds(FFMPEG, process.pid) - ffmpegBefore) / SAMPLE_SECONDS;
  const viewersShare = (viewers.cpuSeconds() - viewersBefore) / SAMPLE_SECONDS;
  const bytes = (await viewers.bytes()).map((b, i) => b - bytesBefore[i]!);
  const idle = bytes.filter((b) => b === 0).length;
  console.log(`Recorder node, ${CAMERAS} cameras with 2 live WebSocket viewers each (sampled ${SAMPLE_SECONDS} s, ${load()}):`);
  console.log(`  node (recorders, live feeds, WebSocket server): ${pct(nodeShare)} of one core, ${pct(nodeShare, CAMERAS)} per camera`);
  console.log(`  ffmpeg: ${pct(ffmpegShare)} of one core, ${pct(ffmpegShare, CAMERAS)} per camera`);
  console.log(
    `  (${bytes.length} viewers read ${mb(bytes.reduce((a, b) => a + b, 0) / SAMPLE_SECONDS)}/s in all` +
      `${idle > 0 ? `, ${idle} of them nothing` : ''}; their own process: ${pct(viewersShare)} of one core)`,
  );

  // A viewer of camera 1 and one of a heavy camera (about 1 MB/s) stop reading; their twins and the rest go on.
  await recorders.sync([...sources, heavy]);
  const heavyViewers = startLiveViewers(twoViewers(heavy.uuid));
  await heavyViewers.receiving;
  const stalls = [
    { what: 'camera 1', viewers, feed: recorders.feed(sources[0]!.uuid)! },
    { what: 'the heavy camera', viewers: heavyViewers, feed: recorders.feed(heavy.uuid)! },
  ].map((stall) => ({ ...stall, before: stall.feed.stats(), skippedAfter: null as number | null, droppedAfter: null as number | null }));
  const twinsBefore = await Promise.all(stalls.map(async (s) => (await s.viewers.bytes())[1]!));
  const rss = [rssBytes()];
  const stalledAt = Date.now();
  for (const stall of stalls) stall.viewers.stall(0);
  for (let second = 1; second <= STALL_SECONDS; second++) {
    await new Promise((r) => setTimeout(r, 1000));
    rss.push(rssBytes());
    for (const stall of stalls) {
      const stats = stall.feed.stats();
      if (stall.skippedAfter === null && stats.skipped > stall.before.skipped) stall.skippedAfter = Date.now() - stalledAt;
      if (stall.droppedAfter === null && stats.dropped > stall.before.dropped) stall.droppedAfter = Date.now() - stalledAt;
    }
  }
  const after = (ms: number | null) => (ms === null ? `not within ${STALL_SECONDS} s` : `after ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `Memory with stalled viewers (sockets paused while ${bytes.length} others read; sampled every second for ${STALL_SECONDS} s):`,
  );
  console.log(`  RSS of the recorder node: start ${mb(rss[0]!)}, peak ${mb(Math.max(...rss))}, end ${mb(rss.at(-1)!)}`);
  for (const [i, stall] of stalls.entries()) {
    const twin = ((await stall.viewers.bytes())[1]! - twinsBefore[i]!) / ((Date.now() - stalledAt) / 1000);
    const stats = stall.feed.stats();
    console.log(
      `  the stalled viewer of ${stall.what} (${(twin / 1024).toFixed(0)} kB/s, as its twin kept reading): skipped to keyframes ` +
        `${after(stall.skippedAfter)} (${stats.skipped - stall.before.skipped} fragments), dropped ('too_slow', ` +
        `live_stream.dropped ${stats.dropped}) ${after(stall.droppedAfter)}`,
    );
  }
  await Promise.all([viewers.stop(), heavyViewers.stop()]);
  detach();
  await new Promise((r) => http.close(r));
}

if (process.env.BENCH_PART !== 'browser') await recorderCost();
if (process.env.BENCH_PART !== 'recorder') await measureBrowser();
