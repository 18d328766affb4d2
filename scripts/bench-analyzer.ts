// `npm run bench:analyzer`: Vigil's analyzer on this machine. models: the real face and object models per frame (CPU,
// wall time, memory) and the motion gate; workers: frames analysed per second with 1 and 2 model workers; match: 1:N
// against 10,000 people; cameras: 16 simulated cameras analysed by one analyzer process, every camera busy and
// demo-like (its own reports, and the CPU and memory of every process); latency: a resident at risk in view of an exit
// camera, with 15 busy street cameras beside it → the alert card on a nurse's open page in Chromium, and where the time
// went. Prints figures against their goals; asserts nothing. BENCH_PART=models,workers,match,cameras,latency (all by
// default); BENCH_SECONDS (cameras' sample, 60), BENCH_SETTLE (20), BENCH_VISITS (latency samples, 20), BENCH_BUSY
// (busy cameras beside the exit, 15), BENCH_FRAMES (30), BENCH_WORKER_SECONDS (30).
import { performance } from 'node:perf_hooks';
import { cleanupAll, wasInterrupted } from './bench-analyzer/common.js';
import { benchCameras } from './bench-analyzer/cameras.js';
import { benchLatency } from './bench-analyzer/latency.js';
import { benchMatch, benchModels, benchWorkers } from './bench-analyzer/models.js';
import { load } from './lib/bench.js';
import { ensureBuilt, ensureVideoTools } from './lib/setup.mjs';

const PARTS = { models: benchModels, workers: benchWorkers, match: benchMatch, cameras: benchCameras, latency: benchLatency } as const;
type Part = keyof typeof PARTS;
const chosen = (process.env.BENCH_PART ?? Object.keys(PARTS).join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const unknown = chosen.filter((p) => !(p in PARTS));
if (unknown.length > 0) throw new Error(`BENCH_PART: unknown part ${unknown.join(', ')} (models, workers, match, cameras, latency)`);

const started = performance.now();
let failed = false;
try {
  // The latency part opens the built web app; the simulated cameras need GStreamer.
  if (chosen.includes('latency')) ensureBuilt();
  if (chosen.includes('cameras') || chosen.includes('latency')) ensureVideoTools();
  console.log(`bench:analyzer — parts: ${chosen.join(', ')} (${load()})`);
  for (const part of chosen as Part[]) await PARTS[part]();
} catch (error) {
  failed = true;
  if (!wasInterrupted())
    console.error(`\nbench:analyzer stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanupAll();
}
console.log(`\nbench:analyzer took ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
