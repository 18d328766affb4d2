// Part "cameras" of `npm run bench:analyzer`: 16 simulated cameras analysed by one analyzer process, in the worst case
// (every camera a busy street) and as in the demo (two streets, fourteen stills, one visitor); what the analyzer
// reports per camera, and what each process costs.
import { performance } from 'node:perf_hooks';
import type { DemoScene, SceneMedia } from '../../apps/server/src/demo/scenes.js';
import { STREET_FPS } from '../../apps/server/src/demo/scenes.js';
import { load } from '../lib/bench.js';
import { allAnalysing, analysis, percent, scenes, sleep, startAnalyzer, startRig, type BenchCamera } from './common.js';
import { CpuMeter, descendants, memoryOf, under } from './proc.js';

const CAMERAS = 16;
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE ?? 20);
const SAMPLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

function allBusy(m: SceneMedia): BenchCamera[] {
  return Array.from({ length: CAMERAS }, (_, i) => ({
    name: `Street ${i + 1}`,
    scene: { background: { kind: 'frames', dir: i % 2 === 0 ? m.street : m.streetFlipped, fps: STREET_FPS } },
  }));
}

function demoLike(m: SceneMedia): BenchCamera[] {
  const stills = Object.entries(m.stills);
  return [
    { name: 'Street 1', scene: { background: { kind: 'frames', dir: m.street, fps: STREET_FPS } } },
    { name: 'Street 2', scene: { background: { kind: 'frames', dir: m.streetFlipped, fps: STREET_FPS } } },
    ...Array.from({ length: CAMERAS - 2 }, (_, i): BenchCamera => {
      const [name, image] = stills[i % stills.length]!;
      const scene: DemoScene = { background: { kind: 'still', image } };
      // One still with a cat walking past (12 s of every 30 s, so the sample sees it).
      if (i === 0) scene.visitors = [{ image: m.visitors.cat, period_s: 30, offset_s: 0, duration_s: 12, direction: 'rtl', y: 0.35 }];
      return { name: `Still ${i + 1} (${name}${scene.visitors ? ' + cat' : ''})`, scene };
    }),
  ];
}

const round = (v: number, digits = 2) => v.toFixed(digits);

async function run(label: string, cameras: BenchCamera[]): Promise<void> {
  console.log(`\ncameras — ${label}: ${cameras.length} simulated cameras (480x270, 5 fps, H.264), one analyzer process (${load()})`);
  const setupStarted = performance.now();
  const rig = await startRig(cameras);
  const analyzer = startAnalyzer(rig);
  try {
    await allAnalysing(rig);
    console.log(
      `  every camera analysed ${((performance.now() - setupStarted) / 1000).toFixed(0)} s after the start; settling ${SETTLE_SECONDS} s, then sampling ${SAMPLE_SECONDS} s`,
    );
    await sleep(SETTLE_SECONDS * 1000);
    const meters = {
      analyzer: new CpuMeter(() => [analyzer.pid]).start(),
      readers: new CpuMeter(under(analyzer.pid, /ffmpeg/)).start(),
      recorders: new CpuMeter(under(process.pid, /ffmpeg.*use_wallclock/, () => descendants(analyzer.pid))).start(),
      simulator: new CpuMeter(() => [rig.simulatorPid]).start(),
    };
    const benchCpu = process.cpuUsage();
    const sampleStart = Date.now();
    const windowEnd = sampleStart + SAMPLE_SECONDS * 1000;
    await sleep(SAMPLE_SECONDS * 1000);
    // The analyzer reports every 10 s over its last minute: the first report after the sample ends is the one read.
    let reports = await analysis(rig);
    for (let waited = 0; waited < 15_000 && !reports.every((c) => c.reported_at && Date.parse(c.reported_at) >= windowEnd); waited += 500) {
      await sleep(500);
      reports = await analysis(rig);
    }
    const cpu = {
      analyzer: meters.analyzer.read(),
      readers: meters.readers.read(),
      recorders: meters.recorders.read(),
      simulator: meters.simulator.read(),
    };
    const used = process.cpuUsage(benchCpu);
    const memory = memoryOf(analyzer.pid);

    console.log(`  per camera (the analyzer's own report, rates over its last minute):`);
    console.log(`    ${'camera'.padEnd(28)} sampled/s analysed/s  gated dropped  lag ms  state`);
    const totals = { sampled: 0, analysed: 0, gated: 0, dropped: 0 };
    const lags: number[] = [];
    for (const camera of rig.cameras) {
      const report = reports.find((r) => r.camera_uuid === camera.uuid)?.report;
      if (!report) {
        console.log(`    ${camera.name.padEnd(28)} no report`);
        continue;
      }
      totals.sampled += report.sampled_fps;
      totals.analysed += report.analysed_fps;
      totals.gated += report.gated_share * report.sampled_fps;
      totals.dropped += report.dropped_share * report.sampled_fps;
      if (report.lag_ms !== null) lags.push(report.lag_ms);
      console.log(
        `    ${camera.name.padEnd(28)} ${round(report.sampled_fps).padStart(9)} ${round(report.analysed_fps).padStart(10)} ${percent(report.gated_share).padStart(6)} ${percent(report.dropped_share).padStart(7)} ${String(report.lag_ms ?? '—').padStart(7)}  ${report.state}${report.error ? ` (${report.error})` : ''}`,
      );
    }
    lags.sort((a, b) => a - b);
    const share = (n: number) => (totals.sampled > 0 ? percent(n / totals.sampled) : '—');
    console.log(
      `  totals: sampled ${round(totals.sampled)} frames/s, analysed ${round(totals.analysed)} frames/s = ${share(totals.analysed)} of sampled; gated (still) ${share(totals.gated)}, dropped (analyzer busy) ${share(totals.dropped)}`,
    );
    console.log(
      `  lag behind live (filmed → analysed, each camera's median): median ${lags.length > 0 ? lags[Math.floor(lags.length / 2)] : '—'} ms, worst camera ${lags.length > 0 ? lags[lags.length - 1] : '—'} ms`,
    );
    console.log(`  CPU over ${cpu.analyzer.seconds.toFixed(0)} s, as a share of one core (this machine has 2):`);
    console.log(
      `    analyzer process (node, models): ${percent(cpu.analyzer.share)}; RSS ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB)`,
    );
    console.log(`    its ${cpu.readers.processes} video readers (ffmpeg, HLS → RGB): ${percent(cpu.readers.share)}`);
    console.log(
      `    the ${cpu.recorders.processes} recorders (ffmpeg, RTSP → clips + live HLS, stream copy): ${percent(cpu.recorders.share)}`,
    );
    console.log(
      `    server, in this bench's process (ingest, heartbeats, HLS files): ${percent((used.user + used.system) / 1e6 / cpu.analyzer.seconds)}`,
    );
    console.log(`    (the GStreamer camera simulator, the demo's cost, not the product's: ${percent(cpu.simulator.share)})`);
  } finally {
    await analyzer.stop();
    await rig.stop();
  }
}

export async function benchCameras(): Promise<void> {
  const m = await scenes();
  await run('"all busy" (every camera the looping street: everything moves)', allBusy(m));
  await run('"demo-like" (2 streets + 14 stills, one with a visitor)', demoLike(m));
}
