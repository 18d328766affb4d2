// `npm run bench:badges`: the badge list (GET /api/faces/v1/credentials) of a building with 2,000 identities and
// 1,000,000 evaluated taps, and the tenant report PDF (GET /api/faces/v1/credentials/report?format=pdf) of an identity
// with 500 taps, each with its door face's crop. Prints figures against the goals; asserts nothing.
// Sizes: BENCH_IDENTITIES, BENCH_TAPS, BENCH_REQUESTS, BENCH_PDF_TAPS; BENCH_ENGINES=sqlite,postgres.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '@vigil/contract';
import { sql } from 'kysely';
import { MAPLE, bearer, createTestContext, type TestContext } from '../apps/server/test/harness.js';
import { jpegBytes } from '../apps/server/test/pictures.js';
import { count, load, ms, percentile, verdict } from './lib/bench.js';
import { hasPostgres, startPostgres } from './lib/postgres.mjs';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const IDENTITIES = size('BENCH_IDENTITIES', 2_000);
const TAPS = size('BENCH_TAPS', 1_000_000);
const REQUESTS = size('BENCH_REQUESTS', 200);
const PDF_TAPS = size('BENCH_PDF_TAPS', 500);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',');
const EXIT = 'c1a00001-0000-4000-8000-00000000a001';
const DAY = 86_400_000;

const identityId = (i: number) => `BENCH-${String(i).padStart(10, '0')}`;

/**
 * IDENTITIES identities (units of two or three) with credentials, and TAPS taps spread over 90 days at 4 doors, straight
 * into the database in big transactions, evaluated (as the evaluator leaves them: 70% matched, 20% a face that is not
 * the holder, 10% nobody at the door) with the identities' counters to match.
 */
async function fill(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  const r = seededRandom(11);
  const now = ctx.clock.now();
  const started = performance.now();
  const points = Array.from({ length: 4 }, (_, i) => ({
    uuid: randomUUID(),
    domain_uuid: MAPLE,
    external_id: `door-${i}`,
    description: `Door ${i + 1}`,
    camera_uuid: EXIT,
    window_before_ms: 10_000,
    window_after_ms: 10_000,
    created_at: now - 100 * DAY,
  }));
  await db.insertInto('access_points').values(points).execute();
  const identities = Array.from({ length: IDENTITIES }, (_, i) => ({
    uuid: randomUUID(),
    domain_uuid: MAPLE,
    identity_id: identityId(i),
    name: `PERSON ${i}`,
    unit: String(Math.floor(i / 2.5)),
    role: i % 3 === 0 ? 'tor' : 'cotenant',
    face_uuid: null,
    taps: 0,
    matched: 0,
    null_matched: 0,
    tags: 0,
    last_tap_at: null as number | null,
    last_verified_at: null,
    last_verified_by: null,
    created_at: now - 100 * DAY,
    updated_at: now - 100 * DAY,
  }));
  const credentials = identities.map((i, n) => ({
    uuid: randomUUID(),
    domain_uuid: MAPLE,
    identity_uuid: i.uuid,
    credential_id: `card-${n}`,
    label: `Card ${n}`,
    created_at: i.created_at,
  }));
  for (let i = 0; i < identities.length; i += 500) {
    await db
      .insertInto('badge_identities')
      .values(identities.slice(i, i + 500))
      .execute();
    await db
      .insertInto('badge_credentials')
      .values(credentials.slice(i, i + 500))
      .execute();
  }
  for (let i = 0; i < TAPS; i += 20_000) {
    await db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(TAPS, i + 20_000); j += 500) {
        const rows = Array.from({ length: Math.min(500, TAPS - j) }, () => {
          const who = Math.floor(r() * IDENTITIES);
          const identity = identities[who]!;
          const at = Math.round(now - r() * 90 * DAY);
          const kind = r();
          const matched = kind < 0.7 ? 1 : 0;
          const faces = kind < 0.9 ? 1 : 0;
          identity.taps += 1;
          identity.matched += matched;
          identity.null_matched += 1 - faces;
          identity.last_tap_at = Math.max(identity.last_tap_at ?? 0, at);
          return {
            uuid: randomUUID(),
            domain_uuid: MAPLE,
            source_id: randomUUID(),
            detector_id: null,
            access_point_uuid: points[Math.floor(r() * points.length)]!.uuid,
            identity_uuid: identity.uuid,
            credential_uuid: credentials[who]!.uuid,
            event_at: at,
            granted: 1,
            received_at: at,
            evaluated_at: at + 25_000,
            faces,
            passages: faces,
            matched,
            best_label: matched ? 'High' : faces ? 'Low' : null,
            shared_with: null,
            door_face: null,
            tailgate: 0,
          };
        });
        await trx.insertInto('access_events').values(rows).execute();
      }
    });
  }
  await db.transaction().execute(async (trx) => {
    for (const i of identities)
      await trx
        .updateTable('badge_identities')
        .set({ taps: i.taps, matched: i.matched, null_matched: i.null_matched, last_tap_at: i.last_tap_at })
        .where('uuid', '=', i.uuid)
        .execute();
  });
  // A database that has lived with these rows has its statistics: gathered now, not by autovacuum during the timing.
  if (ctx.database.engine === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
  else await sql`ANALYZE`.execute(db);
  console.log(`  filled ${count(IDENTITIES)} identities and ${count(TAPS)} taps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** One identity with PDF_TAPS taps, each with a face at the door whose crop is a file. */
async function fillTenant(ctx: TestContext): Promise<string> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const identity = randomUUID();
  const id = 'BENCH-PDF-TENANT';
  await db
    .insertInto('badge_identities')
    .values({
      uuid: identity,
      domain_uuid: MAPLE,
      identity_id: id,
      name: 'PAT TENANT',
      unit: 'PDF',
      role: 'tor',
      face_uuid: null,
      last_tap_at: now,
      last_verified_at: null,
      last_verified_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const point = (await db.selectFrom('access_points').select('uuid').where('domain_uuid', '=', MAPLE).executeTakeFirstOrThrow()).uuid;
  const posters = join(ctx.config.video.mediaDir, 'frames', 'poster');
  mkdirSync(posters, { recursive: true });
  const crop = await jpegBytes(96);
  const detections = [];
  const taps = [];
  for (let i = 0; i < PDF_TAPS; i++) {
    const at = now - i * 3600_000;
    const detection = randomUUID();
    writeFileSync(join(posters, `${detection}.jpg`), crop);
    detections.push({
      runtime_face_uuid: detection,
      domain_uuid: MAPLE,
      camera_uuid: EXIT,
      captured_at: at + 1000,
      frontend_face_uuid: null,
      analyzer_face_uuid: null,
      confidence: 0.4,
      box: null,
      is_face: null,
      match_confirmed: null,
      reviewed_by: null,
      reviewed_at: null,
      detector_id: null,
      created_at: at,
      face_confidence: 0.9,
      face_height: 80,
      candidates: null,
      embedder: 'bench',
    });
    taps.push({
      uuid: randomUUID(),
      domain_uuid: MAPLE,
      source_id: randomUUID(),
      detector_id: null,
      access_point_uuid: point,
      identity_uuid: identity,
      credential_uuid: null,
      event_at: at,
      granted: 1,
      received_at: at,
      evaluated_at: at + 25_000,
      faces: 1,
      passages: 1,
      matched: 0,
      best_label: null,
      shared_with: null,
      door_face: detection,
      tailgate: 0,
    });
  }
  for (let i = 0; i < PDF_TAPS; i += 250) {
    await db
      .insertInto('face_detections')
      .values(detections.slice(i, i + 250))
      .execute();
    await db
      .insertInto('access_events')
      .values(taps.slice(i, i + 250))
      .execute();
  }
  await db.updateTable('badge_identities').set({ taps: PDF_TAPS }).where('uuid', '=', identity).execute();
  return id;
}

async function bench(engine: string): Promise<void> {
  console.log(`\n== ${engine} (${load()})`);
  const ctx = await createTestContext();
  try {
    await fill(ctx);
    const token = await ctx.signIn('manager@maple.example');
    const list = () => ctx.app.inject({ method: 'GET', url: `/api/faces/v1/credentials?domain_uuid=${MAPLE}`, headers: bearer(token) });
    const first = await list();
    if (first.statusCode !== 200) throw new Error(`badge list: ${first.statusCode} ${first.body}`);
    const listed = first.json<{ identities: unknown[] }>().identities.length;
    for (let i = 0; i < 10; i++) await list();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await list();
      times.push(performance.now() - t);
    }
    const p99 = percentile(times, 99);
    console.log(
      `  badge list (${count(listed)} identities, ${count(TAPS)} taps), ${REQUESTS} requests: p50 ${ms(percentile(times, 50))}, p99 ${ms(p99)} — goal p99 < 50 ms: ${verdict(p99 < 50)}`,
    );

    const tenant = await fillTenant(ctx);
    const pdf = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&identity_id=${tenant}&format=pdf`,
        headers: bearer(token),
      });
    const pdfTimes: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const reply = await pdf();
      pdfTimes.push(performance.now() - t);
      if (reply.statusCode !== 200) throw new Error(`tenant PDF: ${reply.statusCode} ${reply.body}`);
      bytes = reply.rawPayload.length;
    }
    const median = percentile(pdfTimes, 50);
    console.log(
      `  tenant PDF (${PDF_TAPS} taps with face crops, ${(bytes / 1024).toFixed(0)} KiB), 5 runs: median ${ms(median)}, max ${ms(Math.max(...pdfTimes))} — goal < 2 s: ${verdict(median < 2000)}`,
    );
  } finally {
    await ctx.close();
  }
}

for (const engine of engines) {
  if (engine === 'postgres') {
    if (!hasPostgres()) {
      console.log('\n== postgres: not installed, skipped');
      continue;
    }
    const postgres = await startPostgres();
    process.env.VIGIL_TEST_DATABASE_URL = postgres.url;
    try {
      await bench('postgres');
    } finally {
      delete process.env.VIGIL_TEST_DATABASE_URL;
      postgres.stop();
    }
  } else await bench('sqlite');
}
