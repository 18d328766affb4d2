// `npm run bench:video`: recorder cost per camera (16 simulated cameras, stream copy), live and archive time to
// first frame in headless Chromium, and timeline render time for 10,000 clips. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { resolveFfmpeg } from '../apps/server/src/media/ffmpeg.js';
import { MediaStore } from '../apps/server/src/media/media-store.js';
import { Recorders } from '../apps/server/src/media/recorders.js';
import { ClipsRepository } from '../apps/server/src/modules/video/clips.repository.js';
import { eventually, startRtspCameras } from '../apps/server/test/rtsp-simulator.js';
import { cpuSeconds, measureBrowser } from './bench-video-browser.js';

import { ensureBuilt } from './lib/setup.mjs';

ensureBuilt();
const CAMERAS = 16;
const SAMPLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

async function recorderCost(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-video-'));
  const rtsp = await startRtspCameras(Array.from({ length: CAMERAS }, (_, i) => ({ path: `/bench/${i}`, name: `Bench Camera ${i + 1}` })));
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
  for (const s of sources) {
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
    { days: 90, maxBytes: 0 },
  );
  await recorders.sync(sources);
  await eventually(async () => sources.every((s) => recorders.status(s.uuid)?.state === 'recording'), 60_000, 'all cameras recording');
  const ffmpegBefore = cpuSeconds(/ffmpeg.*use_wallclock/);
  const simBefore = cpuSeconds(/rtsp-cameras\.py/);
  await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
  const ffmpegShare = (cpuSeconds(/ffmpeg.*use_wallclock/) - ffmpegBefore) / SAMPLE_SECONDS;
  const simShare = (cpuSeconds(/rtsp-cameras\.py/) - simBefore) / SAMPLE_SECONDS;
  const indexed = (
    await database.db
      .selectFrom('clips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  console.log(`Recorder, ${CAMERAS} cameras copying (sampled ${SAMPLE_SECONDS} s, ${indexed} clips indexed):`);
  console.log(
    `  ffmpeg total ${(ffmpegShare * 100).toFixed(2)}% of one core, ${((ffmpegShare * 100) / CAMERAS).toFixed(3)}% per camera (goal: under 1%)`,
  );
  console.log(`  (the simulated cameras themselves, encoding H.264: ${((simShare * 100) / CAMERAS).toFixed(2)}% of one core per camera)`);
  await recorders.stopAll();
  await rtsp.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.BENCH_PART !== 'browser') await recorderCost();
if (process.env.BENCH_PART !== 'recorder') await measureBrowser();
