// Parts "models" and "match" of `npm run bench:analyzer`: the real models per frame on this machine, the motion gate
// per frame, and 1:N matching against 10,000 people.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { Gallery, similarity } from '../../apps/analyzer/src/gallery.js';
import { matchConfidence } from '../../apps/analyzer/src/match.js';
import { Models, decode, type RgbFrame } from '../../apps/analyzer/src/models.js';
import { MotionGate } from '../../apps/analyzer/src/motion.js';
import { ModelPool } from '../../apps/analyzer/src/model-pool.js';
import { wasmBackend } from '../../apps/analyzer/src/tf.js';
import { count, load, ms, percentile, verdict } from '../lib/bench.js';
import { PORTRAIT, scenes } from './common.js';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** Grace Hopper's portrait scaled to `px` and laid over a frame at (left, top): a face the detector should find. */
async function withFace(background: string, px: number, left: number, top: number): Promise<RgbFrame> {
  const face = await sharp(PORTRAIT).resize(px, px).toBuffer();
  return decode(
    await sharp(background)
      .composite([{ input: face, left, top }])
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

export async function benchModels(): Promise<void> {
  const runs = Math.max(30, size('BENCH_FRAMES', 30));
  const media = await scenes();
  const still = media.stills.facade;
  const frames = { still: await decode(readFileSync(still)), face: await withFace(still, 110, 190, 60) };
  const rssBefore = process.memoryUsage().rss;
  const loadStarted = performance.now();
  const models = await Models.create();
  const loadMs = performance.now() - loadStarted;
  const rssLoaded = process.memoryUsage().rss;
  console.log(`\nmodels — face (detector, mesh, faceres) + COCO objects (centernet) on tfjs ${models.backend} (${load()})`);
  console.log(`  loaded and warmed up in ${(loadMs / 1000).toFixed(1)} s; RSS ${mb(rssBefore)} before, ${mb(rssLoaded)} after loading`);
  const { width, height } = frames.still;

  const cases = [
    { name: 'a) still frame, no face — faces only      ', frame: frames.still, objects: false },
    { name: 'b) the same frame — faces + objects        ', frame: frames.still, objects: true },
    { name: 'c) one face (~110 px) — faces only         ', frame: frames.face, objects: false },
    { name: 'c) one face (~110 px) — faces + objects    ', frame: frames.face, objects: true },
  ];
  console.log(`  per ${width}x${height} frame, ${runs} runs each after 3 warm-up runs (CPU = user + system of this process):`);
  for (const c of cases) {
    for (let i = 0; i < 3; i++) await models.analyse(c.frame, { objects: c.objects });
    const wall: number[] = [];
    let found = { faces: 0, objects: 0 };
    const cpu = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const result = await models.analyse(c.frame, { objects: c.objects });
      wall.push(performance.now() - started);
      found = { faces: result.faces.length, objects: result.objects.length };
    }
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000 / runs;
    console.log(
      `    ${c.name} CPU ${ms(cpuMs)}/frame → ${(1000 / cpuMs).toFixed(1)} frames/s per core; wall p50 ${ms(percentile(wall, 50))}, p95 ${ms(percentile(wall, 95))} (found ${found.faces} faces${c.objects ? `, ${found.objects} objects` : ''})`,
    );
  }
  console.log(`  RSS after the runs: ${mb(process.memoryUsage().rss)}`);

  // How alike the composited face is to the registry photo it came from (what the calibration turns into a confidence).
  const [seen] = (await models.analyse(frames.face, { objects: false })).faces;
  const [registered] = await models.detect(readFileSync(PORTRAIT));
  if (seen && registered) {
    const alike = similarity(seen.embedding, registered.embedding);
    console.log(
      `  c)'s face against the registry photo it was scaled from: similarity ${alike.toFixed(3)}, confidence ${matchConfidence(alike).toFixed(3)}`,
    );
  }

  // The motion gate on every sampled frame: two frames in turn, so it sees change as well as stillness.
  const gate = new MotionGate();
  const checks = Math.max(1000, size('BENCH_GATE_CHECKS', 2000));
  const gateTimes: number[] = [];
  for (let i = 0; i < 100; i++) gate.check(frames.still.rgb, width, height, i * 1000);
  for (let i = 0; i < checks; i++) {
    const frame = i % 10 < 5 ? frames.still : frames.face;
    const started = performance.now();
    gate.check(frame.rgb, width, height, (100 + i) * 1000);
    gateTimes.push(performance.now() - started);
  }
  const us = (v: number) => `${(v * 1000).toFixed(0)} µs`;
  console.log(
    `  motion gate (MotionGate.check, ${width}x${height} RGB, n=${count(checks)}): p50 ${us(percentile(gateTimes, 50))}, p99 ${us(percentile(gateTimes, 99))}, mean ${us(gateTimes.reduce((a, b) => a + b, 0) / checks)} per frame`,
  );
}

/**
 * Frames analysed per second by a pool of `workers` model workers kept busy for `seconds`: the frame with a face, its
 * objects looked for on every other frame (as an analyzer does at 1 fps with objects every 2 s).
 */
async function poolThroughput(workers: number, frame: RgbFrame, seconds: number): Promise<{ fps: number; cpuShare: number }> {
  const pool = await ModelPool.create(workers);
  try {
    await Promise.all(Array.from({ length: workers * 2 }, (_, i) => pool.analyse(frame, { objects: i % 2 === 0 })));
    let done = 0;
    let n = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const deadline = started + seconds * 1000;
    const lane = async () => {
      while (performance.now() < deadline) {
        await pool.analyse(frame, { objects: n++ % 2 === 0 });
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: workers }, lane));
    const elapsed = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    return { fps: done / elapsed, cpuShare: (used.user + used.system) / 1e6 / elapsed };
  } finally {
    await pool.close();
  }
}

/** What a second model worker adds (VIGIL_ANALYZER_WORKERS): frames analysed per second with 1 and 2 workers. */
export async function benchWorkers(): Promise<void> {
  const seconds = size('BENCH_WORKER_SECONDS', 30);
  const media = await scenes();
  const frame = await withFace(media.stills.facade, 110, 190, 60);
  console.log(`
workers — frames analysed per second by the model workers alone, kept busy ${seconds} s each (${load()})`);
  const one = await poolThroughput(1, frame, seconds);
  console.log(`  1 worker:  ${one.fps.toFixed(2)} frames/s (the process used ${one.cpuShare.toFixed(2)} cores)`);
  const two = await poolThroughput(2, frame, seconds);
  const ratio = two.fps / one.fps;
  console.log(`  2 workers: ${two.fps.toFixed(2)} frames/s (the process used ${two.cpuShare.toFixed(2)} cores)`);
  console.log(`  2 workers ÷ 1: ${ratio.toFixed(2)}× (goal ≥ 1.8×: ${verdict(ratio >= 1.8)})`);
}

/** A random direction in 1024 dimensions (normal-ish coordinates: the sum of three uniforms). */
function randomEmbedding(dimension = 1024): Float32Array {
  return Float32Array.from({ length: dimension }, () => Math.random() + Math.random() + Math.random() - 1.5);
}

export async function benchMatch(): Promise<void> {
  const people = size('BENCH_GALLERY', 10_000);
  const matches = Math.max(1000, size('BENCH_MATCHES', 1000));
  await wasmBackend();
  console.log(
    `\nmatch — 1:N against ${count(people)} people (1024-number embeddings: an 8-bit pass in usearch, then float32 on the 64 most alike) (${load()})`,
  );
  const gallery = new Gallery();
  for (let i = 0; i < people; i++) gallery.set(`person-${i}`, [randomEmbedding()]);
  let started = performance.now();
  gallery.match(randomEmbedding());
  console.log(`  first match (the matrix built): ${ms(performance.now() - started)}`);
  for (let i = 0; i < 20; i++) gallery.match(randomEmbedding());
  const queries = Array.from({ length: matches }, () => randomEmbedding());
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (const query of queries) {
    started = performance.now();
    gallery.match(query, 4);
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  const p99 = percentile(times, 99);
  console.log(
    `  per face (top 4), n=${count(matches)}: p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)} (goal p99 < 5 ms: ${verdict(p99 < 5)}); CPU ${ms((used.user + used.system) / 1000 / matches)} per match`,
  );
  // A registry change (one person set) rebuilds the whole matrix at the next match.
  const rebuilds: number[] = [];
  for (let i = 0; i < 10; i++) {
    started = performance.now();
    gallery.set(`person-${i * 7}`, [randomEmbedding()]);
    gallery.match(queries[i]!, 4);
    rebuilds.push(performance.now() - started);
  }
  console.log(
    `  after one change (set one person), the next match with the matrix rebuilt: p50 ${ms(percentile(rebuilds, 50))}, max ${ms(Math.max(...rebuilds))} (n=10; once per registry change)`,
  );
  // A face of someone in the gallery is found first (the figures above are of real work).
  const known = randomEmbedding();
  gallery.set('known', [known]);
  const [best] = gallery.match(known.map((v) => v + (Math.random() - 0.5) * 0.2));
  console.log(`  check: a noisy copy of a gallery face → ${best?.personId === 'known' ? 'found first' : `NOT found (${best?.personId})`}`);
  gallery.dispose();
}
