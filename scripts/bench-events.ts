// `npm run bench:events`: the events API on a million events (SQLite and PostgreSQL), ingest throughput, and the
// time from an ingest commit to 100 socket.io clients. Prints figures against their goals; asserts nothing.
// Sizes: BENCH_EVENTS, BENCH_REQUESTS, BENCH_INGEST, BENCH_CLIENTS, BENCH_MESSAGES; BENCH_PART=api,ingest,socket;
// BENCH_ENGINES=sqlite,postgres.
import { performance } from 'node:perf_hooks';
import type { IngestEvent } from '@vigil/contract';
import { sql } from 'kysely';
import type { NewEvent } from '../apps/server/src/db/schema.js';
import { EventsRepository, type EventPageQuery } from '../apps/server/src/modules/events/events.repository.js';
import { encodeCursor } from '../apps/server/src/modules/events/pagination.js';
import { DetectorsRepository } from '../apps/server/src/modules/ingest/detectors.repository.js';
import { DetectorsService } from '../apps/server/src/modules/ingest/detectors.service.js';
import { eventRow } from '../apps/server/src/modules/ingest/ingest.service.js';
import { seededRandom as random } from '../apps/server/src/demo/detections.js';
import { MAPLE, bearer, createTestContext, type TestContext } from '../apps/server/test/harness.js';
import { count, load, ms, percentile, verdict } from './lib/bench.js';
import { socketLatency } from './lib/bench-socket.js';
import { hasPostgres, startPostgres } from './lib/postgres.mjs';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const EVENTS = size('BENCH_EVENTS', 1_000_000);
const REQUESTS = size('BENCH_REQUESTS', 300);
const INGEST_EVENTS = size('BENCH_INGEST', 100_000);
const CLIENTS = size('BENCH_CLIENTS', 100);
const MESSAGES = size('BENCH_MESSAGES', 200);
const parts = (process.env.BENCH_PART ?? 'api,ingest,socket').split(',');
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');

const DAY = 86_400_000;
const MAPLE_CAMERAS = [1, 2, 3, 4, 5, 6, 7].map((n) => `c1a00001-0000-4000-8000-00000000a00${n}`);
const HALLWAY = MAPLE_CAMERAS[2]!;
/** what detectors see, most often first */
const SIGHTINGS = [
  ['person'],
  ['person'],
  ['person'],
  ['person', 'person'],
  ['ssd_dog'],
  ['car'],
  ['person', 'bicycle'],
  ['package'],
  ['cat'],
  ['person', 'person', 'person'],
];

const pick = <T>(items: readonly T[], r: number): T => items[Math.floor(r * items.length)]!;
/** Cameras by how busy they are: the hallway and the entrance see the most. */
const busyCamera = (r: number) => MAPLE_CAMERAS[[0, 0, 2, 2, 2, 1, 3, 4, 5, 6][Math.floor(r * 10)]!]!;

/** A row as IngestService writes it (its own row builder), mostly alerted as in a building without rules. */
function benchEventRow(r: () => number, at: number, detectorId: string, serial: number): NewEvent {
  const event: IngestEvent = {
    source_id: `bench-${serial}`,
    camera_uuid: busyCamera(r()),
    started_at: new Date(at).toISOString(),
    objects: pick(SIGHTINGS, r()).map((name) => ({
      name,
      confidence: Math.round((0.5 + r() / 2) * 100) / 100,
      box: { x: 0.1, y: 0.2, w: 0.25, h: 0.5 },
    })),
  };
  return { ...eventRow(event, MAPLE, detectorId, at + 800), alerted: r() < 0.9 ? 1 : 0 };
}

/** The events table's secondary indexes as the migrations made them (not the primary key), to rebuild after the load. */
async function secondaryIndexes(ctx: TestContext): Promise<{ name: string; create: string }[]> {
  if (ctx.database.engine === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'index' and tbl_name = 'events' and sql is not null`.execute(ctx.database.db);
    return rows.map((row) => ({ name: row.name, create: row.sql }));
  }
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where tablename = 'events'
    and indexname not in (select conname from pg_constraint where contype = 'p')`.execute(ctx.database.db);
  return rows.map((row) => ({ name: row.indexname, create: row.indexdef }));
}

/**
 * Fills the events table straight through the app's database handle, oldest first, 90 days up to now. The secondary
 * indexes are dropped for the load and rebuilt after it (same definitions): several times faster than growing them.
 */
async function fill(ctx: TestContext, total: number): Promise<void> {
  const db = ctx.database.db;
  const { detector } = await new DetectorsService(db, new DetectorsRepository(db), ctx.clock).issue(
    MAPLE,
    'bench fill',
    ['detector'],
    null,
  );
  const indexes = await secondaryIndexes(ctx);
  for (const index of indexes) await sql.raw(`drop index ${index.name}`).execute(db);
  const r = random(42);
  const end = Date.now() - 60_000;
  const step = (90 * DAY) / total;
  const perInsert = 2000; // 13 columns: 26,000 parameters, inside SQLite's and PostgreSQL's limits
  const perTransaction = 50_000;
  const started = performance.now();
  for (let done = 0; done < total; done += perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(total, done + perTransaction); i += perInsert) {
        const rows = Array.from({ length: Math.min(perInsert, total - i) }, (_, k) =>
          benchEventRow(r, Math.round(end - 90 * DAY + (i + k) * step + r() * step), detector.id, i + k),
        );
        await trx.insertInto('events').values(rows).execute();
      }
    });
  }
  const loaded = performance.now();
  for (const index of indexes) await sql.raw(index.create).execute(db);
  // PostgreSQL: vacuum now, as autovacuum would soon after a million inserts, rather than in the middle of the timings
  await (ctx.database.engine === 'postgres' ? sql`vacuum analyze events` : sql`analyze`).execute(db);
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(0);
  console.log(
    `  filled ${count(total)} events in ${seconds(started, performance.now())} s (rows ${seconds(started, loaded)} s, ${indexes.length} indexes and (VACUUM) ANALYZE ${seconds(loaded, performance.now())} s)`,
  );
}

/** Wall-clock times of REQUESTS requests after a warm-up, and the server process's CPU time per request. */
async function timeRequests(ctx: TestContext, token: string, url: string): Promise<{ times: number[]; cpu: number }> {
  const first = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  if (first.statusCode !== 200 || first.json<{ data: unknown[] }>().data.length !== 100)
    throw new Error(`${url}: ${first.body.slice(0, 200)}`);
  for (let i = 0; i < 50; i += 1) await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i += 1) {
    const t = performance.now();
    const reply = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    times.push(performance.now() - t);
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode}`);
  }
  const used = process.cpuUsage(cpu);
  return { times, cpu: (used.user + used.system) / 1000 / REQUESTS };
}

/** The repository's query alone, to tell the database's share from the HTTP, auth and serialisation share. */
async function timeQuery(ctx: TestContext, query: EventPageQuery): Promise<number[]> {
  const repository = new EventsRepository(ctx.database.db);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 20; i += 1) {
    const t = performance.now();
    await repository.page(query);
    if (i >= 20) times.push(performance.now() - t);
  }
  return times;
}

async function eventsApi(engine: 'sqlite' | 'postgres'): Promise<void> {
  const ctx = await createTestContext();
  try {
    console.log(`\nEvents API on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${count(EVENTS)} events in one domain (${load()}):`);
    await fill(ctx, EVENTS);
    const token = await ctx.signIn('manager@maple.example');
    const variants: { name: string; query: string; filter: Partial<EventPageQuery> }[] = [
      { name: 'all events', query: '', filter: {} },
      { name: `camera ${HALLWAY.slice(-4)}`, query: `&camera_uuid=${HALLWAY}`, filter: { camera: HALLWAY } },
      { name: 'alerted=true', query: '&alerted=true', filter: { alertedOnly: true } },
    ];
    console.log(
      `  GET /api/events/v1/alerts?limit=100, ${REQUESTS} requests each, in-process (app.inject); SQL = the repository query alone`,
    );
    for (const variant of variants) {
      // the cursor of a page halfway down this listing, from the row there
      let middle = ctx.database.db.selectFrom('events').select(['started_at', 'id']).where('domain_uuid', '=', MAPLE);
      let matching = ctx.database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('domain_uuid', '=', MAPLE);
      if (variant.filter.camera) {
        middle = middle.where('camera_uuid', '=', variant.filter.camera);
        matching = matching.where('camera_uuid', '=', variant.filter.camera);
      }
      if (variant.filter.alertedOnly) {
        middle = middle.where('alerted', '=', 1);
        matching = matching.where('alerted', '=', 1);
      }
      const depth = Math.floor(Number((await matching.executeTakeFirstOrThrow()).n) / 2);
      const row = await middle.orderBy('started_at', 'desc').orderBy('id', 'desc').offset(depth).limit(1).executeTakeFirstOrThrow();
      const cursor = { startedAt: row.started_at, id: row.id };
      const base = `/api/events/v1/alerts?domain_uuid=${MAPLE}&limit=100${variant.query}`;
      const firstPage = await timeRequests(ctx, token, base);
      const deepPage = await timeRequests(ctx, token, `${base}&pagination_token=${encodeCursor(cursor)}`);
      const query: EventPageQuery = { domain: MAPLE, alertedOnly: false, limit: 101, ...variant.filter };
      const firstSql = await timeQuery(ctx, query);
      const deepSql = await timeQuery(ctx, { ...query, after: cursor });
      const [f99, d99] = [percentile(firstPage.times, 99), percentile(deepPage.times, 99)];
      const figures = (page: { times: number[]; cpu: number }, sqlTimes: number[]) =>
        `p50 ${ms(percentile(page.times, 50))}  p99 ${ms(percentile(page.times, 99))}  (SQL p50 ${ms(percentile(sqlTimes, 50))} p99 ${ms(percentile(sqlTimes, 99))}; Node CPU ${ms(page.cpu)}/request)`;
      console.log(`  ${variant.name.padEnd(13)} first page     ${figures(firstPage, firstSql)}  p99 < 10 ms: ${verdict(f99 < 10)}`);
      console.log(
        `  ${''.padEnd(13)} ${count(depth).padStart(7)} deep   ${figures(deepPage, deepSql)}  p99 < 10 ms: ${verdict(d99 < 10)}; < 2× first p99: ${verdict(d99 < 2 * f99)}`,
      );
    }
  } finally {
    await ctx.close();
  }
}

/** Batches of 5000 events, as a detector would send them, JSON-encoded before the clock starts. */
function ingestBatches(r: () => number, total: number, from: number): string[] {
  const batches: string[] = [];
  const end = Date.now() - 60_000;
  for (let start = 0; start < total; start += 5000) {
    const events = Array.from({ length: Math.min(5000, total - start) }, (_, k) => {
      const serial = from + start + k;
      return {
        source_id: `ingest-${serial}`,
        camera_uuid: busyCamera(r()),
        // spread over the last two days, so dusk-to-dawn rules see both day and night
        started_at: new Date(end - 2 * DAY + ((start + k) / total) * 2 * DAY).toISOString(),
        objects: pick(SIGHTINGS, r()).map((name) => ({ name, confidence: 0.9, box: { x: 0.1, y: 0.2, w: 0.25, h: 0.5 } })),
      };
    });
    batches.push(JSON.stringify({ events }));
  }
  return batches;
}

async function ingestThroughput(): Promise<void> {
  console.log(
    `\nIngest on SQLite: ${count(INGEST_EVENTS)} events in batches of 5000 through POST /api/ingest/v1/batch, app.inject (${load()}):`,
  );
  // Each case on a fresh database, so the second does not pay for the first one's rows.
  await ingestCase('no alert rules (every event alerts)', false);
  await ingestCase('one dusk-to-dawn rule (Other, Pet)', true);
}

async function ingestCase(label: string, withRule: boolean): Promise<void> {
  const ctx = await createTestContext();
  try {
    const { key } = await new DetectorsService(ctx.database.db, new DetectorsRepository(ctx.database.db), ctx.clock).issue(
      MAPLE,
      'bench ingest',
      ['detector'],
      null,
    );
    if (withRule) {
      const manager = await ctx.signIn('manager@maple.example');
      const rule = await ctx.app.inject({
        method: 'POST',
        url: '/api/events/v1/alert_settings',
        headers: bearer(manager),
        payload: {
          domain_uuid: MAPLE,
          rule: {
            name: 'Night pets and others',
            categories: ['Other', 'Pet'],
            camera_uuids: [],
            days: ['Day'],
            time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
            idle_seconds: 5,
            rate_limit_seconds: 10,
            enabled: true,
          },
        },
      });
      if (rule.statusCode !== 200) throw new Error(`alert rule: ${rule.body}`);
    }
    const batches = ingestBatches(random(7), INGEST_EVENTS, 0);
    const perBatch: number[] = [];
    let alerts = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const payload of batches) {
      const t = performance.now();
      const reply = await ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/v1/batch',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        payload,
      });
      perBatch.push(performance.now() - t);
      if (reply.statusCode !== 200) throw new Error(`ingest: ${reply.body.slice(0, 300)}`);
      alerts += reply.json<{ alerts: number }>().alerts;
    }
    const rate = INGEST_EVENTS / ((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    const cpuRate = INGEST_EVENTS / ((used.user + used.system) / 1e6);
    console.log(
      `  ${label.padEnd(34)} ${count(Math.round(rate)).padStart(7)} events/s (batch p50 ${ms(percentile(perBatch, 50))}, max ${ms(Math.max(...perBatch))}; ${count(Math.round(cpuRate))} per Node CPU-second; ${count(alerts)} alerted)  goal ≥ 20,000/s: ${verdict(rate >= 20_000)}`,
    );
  } finally {
    await ctx.close();
  }
}

async function main(): Promise<void> {
  console.log(`bench:events on ${process.platform}/${process.arch}, Node ${process.version}`);
  if (parts.includes('api')) {
    if (engines.includes('sqlite')) await eventsApi('sqlite');
    if (engines.includes('postgres')) {
      if (!hasPostgres()) {
        console.log('\nEvents API on PostgreSQL: skipped, PostgreSQL is not installed (apt-get install postgresql).');
      } else {
        const postgres = await startPostgres();
        process.env.VIGIL_TEST_DATABASE_URL = postgres.url;
        try {
          await eventsApi('postgres');
        } finally {
          delete process.env.VIGIL_TEST_DATABASE_URL;
          postgres.stop();
        }
      }
    }
  }
  if (parts.includes('ingest')) await ingestThroughput();
  if (parts.includes('socket')) await socketLatency({ clients: CLIENTS, messages: MESSAGES });
}

await main();
