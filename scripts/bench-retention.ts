// `npm run bench:retention`: the retention sweep over 1,000,000 expired face detections, each with its candidates,
// embedding, finder code and a crop file; ingest p99 (POST /api/ingest/v1/batch with a detector key, faces with crops
// and embeddings) without and during the sweep; and the audit log's write cost. Prints figures against the issue's
// goals; asserts nothing. Sizes: BENCH_RETENTION_ROWS (expired detections), BENCH_INGEST_FACES (faces a batch),
// BENCH_AUDIT_WRITES; BENCH_ENGINES=sqlite,postgres.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RETENTION_DEFAULT_DAYS, bytes8, finderCode, seededRandom, unit } from '@vigil/contract';
import { sql } from 'kysely';
import { createAudit } from '../apps/server/src/modules/audit/audit.wiring.js';
import { DetectorsRepository } from '../apps/server/src/modules/ingest/detectors.repository.js';
import { DetectorsService } from '../apps/server/src/modules/ingest/detectors.service.js';
import { standaloneRetention } from '../apps/server/src/modules/privacy/privacy.wiring.js';
import { createRepositories } from '../apps/server/src/repositories.js';
import { MAPLE, bearer, createTestContext, type TestContext } from '../apps/server/test/harness.js';
import { jpegBytes } from '../apps/server/test/pictures.js';
import { count, load, ms, percentile, verdict } from './lib/bench.js';
import { hasPostgres, startPostgres } from './lib/postgres.mjs';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = size('BENCH_RETENTION_ROWS', 1_000_000);
const INGEST_FACES = size('BENCH_INGEST_FACES', 10);
const AUDIT_WRITES = size('BENCH_AUDIT_WRITES', 5_000);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',');

const DAY = 86_400_000;
/** The stored detections' embeddings: shorter than an analyzer's 1,024 (the rows and their index entries are what a delete costs, not the bytes). */
const FILL_DIMS = 128;
const MAPLE_CAMERAS = [1, 2, 3, 4, 5, 6, 7].map((n) => `c1a00001-0000-4000-8000-00000000a00${n}`);
const PEOPLE = ['f0ce0001-0000-4000-8000-00000000a001', 'f0ce0001-0000-4000-8000-00000000a002', 'f0ce0001-0000-4000-8000-00000000a003'];

/**
 * ROWS detections past their period, straight into the database in big transactions (as ingest would have written
 * them: the row, candidates, embedding and finder code), 70% unmatched and 30% matched, and a crop file each.
 */
async function fill(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  const r = seededRandom(7);
  const now = ctx.clock.now();
  const vector = unit(Float32Array.from({ length: FILL_DIMS }, () => r() - 0.5))!;
  const embedding = Buffer.from(vector.buffer);
  const code = Buffer.from(finderCode(vector).buffer);
  const vector8 = Buffer.from(bytes8(vector).buffer);
  const crop = await jpegBytes(48);
  const posters = join(ctx.config.video.mediaDir, 'frames', 'poster');
  mkdirSync(posters, { recursive: true });
  const started = performance.now();
  for (let done = 0; done < ROWS; done += 20_000) {
    const ids: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(ROWS, done + 20_000); i += 250) {
        const rows = Array.from({ length: Math.min(250, ROWS - i) }, () => {
          const matched = r() < 0.3;
          const captured = Math.round(
            now - (matched ? RETENTION_DEFAULT_DAYS.detections + 1 : RETENTION_DEFAULT_DAYS.strangers + 1) * DAY - r() * 30 * DAY,
          );
          return {
            runtime_face_uuid: randomUUID(),
            domain_uuid: MAPLE,
            camera_uuid: MAPLE_CAMERAS[Math.floor(r() * MAPLE_CAMERAS.length)]!,
            captured_at: captured,
            frontend_face_uuid: matched ? PEOPLE[Math.floor(r() * PEOPLE.length)]! : null,
            analyzer_face_uuid: null,
            confidence: 0.8,
            box: null,
            is_face: null,
            match_confirmed: null,
            reviewed_by: null,
            reviewed_at: null,
            detector_id: null,
            created_at: captured,
            face_confidence: 0.9,
            face_height: 80,
            candidates: null,
            embedder: 'bench',
          };
        });
        await trx.insertInto('face_detections').values(rows).execute();
        const candidates = rows.flatMap((row) =>
          row.frontend_face_uuid
            ? [{ runtime_face_uuid: row.runtime_face_uuid, frontend_face_uuid: row.frontend_face_uuid, rank: 0, confidence: 0.8 }]
            : [],
        );
        if (candidates.length > 0) await trx.insertInto('face_detection_candidates').values(candidates).execute();
        await trx
          .insertInto('face_embeddings')
          .values(rows.map((row) => ({ runtime_face_uuid: row.runtime_face_uuid, embedder: 'bench', dims: FILL_DIMS, vector: embedding })))
          .execute();
        await trx
          .insertInto('face_embedding_codes')
          .values(
            rows.map((row) => ({
              runtime_face_uuid: row.runtime_face_uuid,
              domain_uuid: MAPLE,
              embedder: 'bench',
              camera_uuid: row.camera_uuid,
              captured_at: row.captured_at,
              code,
              vector8,
            })),
          )
          .execute();
        ids.push(...rows.map((row) => row.runtime_face_uuid));
      }
    });
    for (const id of ids) writeFileSync(join(posters, `${id}.jpg`), crop);
  }
  if (ctx.database.engine === 'postgres') await sql`analyze`.execute(db);
  console.log(
    `  filled ${count(ROWS)} expired detections (each: candidates, a ${FILL_DIMS}-number embedding, its finder code, a ${crop.length}-byte crop file) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** An analyzer's batch: faces of the last second with a crop and a 1,024-number embedding each. */
function batchOf(ctx: TestContext, crop: string, embedding: string): string {
  const at = new Date(ctx.clock.now() - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return JSON.stringify({
    faces: Array.from({ length: INGEST_FACES }, (_, i) => ({
      runtime_face_uuid: randomUUID(),
      camera_uuid: MAPLE_CAMERAS[i % MAPLE_CAMERAS.length],
      captured_at: at,
      frontend_face_uuid: i % 3 === 0 ? PEOPLE[0] : null,
      confidence: 0.8,
      crop,
      embedding,
      embedder: 'bench-ingest',
    })),
  });
}

/** Posts batches one after the other, a few ms apart (several analyzers' steady flow), until `until` says stop; each one's time. */
async function ingestWhile(ctx: TestContext, key: string, until: () => boolean, minimum: number): Promise<number[]> {
  const crop = (await jpegBytes(96)).toString('base64');
  const r = seededRandom(11);
  const embedding = Buffer.from(unit(Float32Array.from({ length: 1024 }, () => r() - 0.5))!.buffer).toString('base64');
  const times: number[] = [];
  while (times.length < minimum || !until()) {
    const payload = batchOf(ctx, crop, embedding);
    const started = performance.now();
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/batch',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload,
    });
    times.push(performance.now() - started);
    if (reply.statusCode !== 200) throw new Error(`ingest: ${reply.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

async function benchEngine(engine: string): Promise<void> {
  let stopPostgres: (() => void) | undefined;
  if (engine === 'postgres') {
    if (!hasPostgres()) return console.log('\nPostgreSQL: not installed here (npm test installs it); skipped');
    const pg = await startPostgres();
    process.env.VIGIL_TEST_DATABASE_URL = pg.url;
    stopPostgres = pg.stop;
  } else delete process.env.VIGIL_TEST_DATABASE_URL;
  console.log(`\n${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} (${load()})`);
  const ctx = await createTestContext();
  try {
    await fill(ctx);
    const { key } = await new DetectorsService(ctx.database.db, new DetectorsRepository(ctx.database.db), ctx.clock).issue(
      MAPLE,
      'bench',
      ['detector'],
      null,
    );

    const quiet = await ingestWhile(ctx, key, () => true, 300);
    const quietP99 = percentile(quiet, 99);
    console.log(
      `  ingest without a sweep: ${count(quiet.length)} batches of ${INGEST_FACES} faces (crop + 1,024-number embedding each): p50 ${ms(percentile(quiet, 50))}, p99 ${ms(quietP99)}`,
    );

    const tuning = {
      ...(process.env.BENCH_BATCH_MS && { batchTargetMs: Number(process.env.BENCH_BATCH_MS) }),
      ...(process.env.BENCH_REST_RATIO && { restRatio: Number(process.env.BENCH_REST_RATIO) }),
    };
    const { sweep, settings } = standaloneRetention(ctx.database, ctx.config, ctx.clock, { sweep: tuning });
    const described: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await settings.describe(MAPLE);
      described.push(performance.now() - t);
    }
    console.log(
      `  the privacy page's figures (GET /api/v1/privacy's work: counts and oldest per category): ${ms(Math.min(...described))} to ${ms(Math.max(...described))}`,
    );
    let done = false;
    const started = performance.now();
    const sweeping = sweep.run().finally(() => {
      done = true;
    });
    const during = await ingestWhile(ctx, key, () => done, 20);
    const counts = await sweeping;
    const seconds = (performance.now() - started) / 1000;
    const deleted = counts.strangers + counts.detections;
    const duringP99 = percentile(during, 99);
    console.log(
      `  sweep: ${count(deleted)} detections and their files deleted in ${seconds.toFixed(1)} s (${count(Math.round(deleted / seconds))} rows/s, with ${count(during.length)} ingest batches meanwhile)${deleted === ROWS ? '' : ` — MISSED ${count(ROWS - deleted)}`}`,
    );
    console.log(
      `  ingest during the sweep: p50 ${ms(percentile(during, 50))}, p99 ${ms(duringP99)}, max ${ms(Math.max(...during))} (goal p99 ≤ 2× without, ${ms(2 * quietP99)}: ${verdict(duringP99 <= 2 * quietP99)})`,
    );
    const again = performance.now();
    const second = await standaloneRetention(ctx.database, ctx.config, ctx.clock).sweep.run();
    console.log(
      `  a second sweep: ${count(Object.values(second).reduce((a, b) => a + b, 0))} deleted in ${ms(performance.now() - again)} (goal 0: ${verdict(Object.values(second).every((n) => n === 0))})`,
    );

    if (engine === 'sqlite') {
      const repos = createRepositories(ctx.database, ctx.clock);
      const audit = createAudit({ audit: repos.audit, cameras: repos.cameras, clock: ctx.clock });
      const actor = { userId: null, email: 'bench@maple.example', address: '127.0.0.1' };
      const writes: number[] = [];
      for (let i = 0; i < AUDIT_WRITES; i++) {
        const t = performance.now();
        await audit.record(actor, { action: 'watched_live', domain: MAPLE, camera: MAPLE_CAMERAS[i % 7]!, detail: { from: 'x', to: 'y' } });
        writes.push(performance.now() - t);
      }
      console.log(
        `  audit log writes (AuditService.record, ${count(AUDIT_WRITES)} one after the other): p50 ${ms(percentile(writes, 50))}, p99 ${ms(percentile(writes, 99))} (goal p99 < 1 ms: ${verdict(percentile(writes, 99) < 1)})`,
      );
    }
  } finally {
    await ctx.close();
    stopPostgres?.();
  }
}

console.log(`bench:retention on ${process.platform}/${process.arch}, Node ${process.version}`);
for (const engine of engines) await benchEngine(engine);
