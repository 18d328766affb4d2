// `npm run bench:faces`: the faces list call with 5,000 people and 1,000,000 detections, one person's history with
// 100,000 detections, and the search kit over 5,000 people per keystroke. Prints figures against their goals; asserts
// nothing. Sizes: BENCH_PEOPLE, BENCH_DETECTIONS, BENCH_HEAVY (the one person's detections), BENCH_REQUESTS;
// BENCH_ENGINES=sqlite,postgres.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { COMPLEXIONS, FACE_ROLES, FACE_SYNONYMS, GENDERS, applySearch, type Face, type SearchModel } from '@vigil/contract';
import { sql } from 'kysely';
import type { NewFace } from '../apps/server/src/db/schema.js';
import { RegistryRepository } from '../apps/server/src/modules/faces/registry.repository.js';
import { seededRandom as random } from '../apps/server/src/demo/detections.js';
import { MAPLE, bearer, createTestContext, type TestContext } from '../apps/server/test/harness.js';
import { count, load, ms, percentile, verdict } from './lib/bench.js';
import { hasPostgres, startPostgres } from './lib/postgres.mjs';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PEOPLE = size('BENCH_PEOPLE', 5_000);
const DETECTIONS = size('BENCH_DETECTIONS', 1_000_000);
const HEAVY = size('BENCH_HEAVY', 100_000);
const REQUESTS = size('BENCH_REQUESTS', 200);
const engines = (process.env.BENCH_ENGINES ?? 'sqlite').split(',');

const DAY = 86_400_000;
const MAPLE_CAMERAS = [1, 2, 3, 4, 5, 6, 7].map((n) => `c1a00001-0000-4000-8000-00000000a00${n}`);
const FIRST = ['Margaret', 'Walter', 'Edith', 'Harold', 'Dorothy', 'Arthur', 'Ruth', 'Frank', 'Helen', 'George', 'Alice', 'Ernest'];
const LAST = ['Hill', 'Brooks', 'Shaw', 'Wright', 'Fisher', 'Lowe', 'Hale', 'Moss', 'Reed', 'Park', 'Stone', 'Wells', 'Hart'];

/** People and detections straight into the database (as ingest would have written them), then last seen from them. */
async function fill(ctx: TestContext): Promise<string> {
  const db = ctx.database.db;
  const r = random(7);
  const now = Date.now();
  const people: NewFace[] = Array.from({ length: PEOPLE }, (_, i) => {
    const role = i % 10 < 7 ? 'resident' : FACE_ROLES[1 + (i % 4)]!;
    return {
      uuid: randomUUID(),
      domain_uuid: MAPLE,
      first_name: `${FIRST[i % FIRST.length]}${i}`,
      last_name: LAST[Math.floor(r() * LAST.length)]!,
      role,
      gender: GENDERS[i % 3]!,
      complexion: COMPLEXIONS[i % COMPLEXIONS.length]!,
      room: role === 'resident' ? String(100 + (i % 300)) : null,
      bed: role === 'resident' ? 'AB'[i % 2]! : null,
      elopement_risk: role === 'resident' && i % 9 === 0 ? 1 : 0,
      email: null,
      employee_role: null,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < people.length; i += 500)
    await db
      .insertInto('faces')
      .values(people.slice(i, i + 500))
      .execute();
  const heavy = people[0]!.uuid;
  const started = performance.now();
  const perInsert = 1000;
  for (let done = 0; done < DETECTIONS; done += 50_000) {
    await db.transaction().execute(async (trx) => {
      for (let i = done; i < Math.min(DETECTIONS, done + 50_000); i += perInsert) {
        const rows = Array.from({ length: Math.min(perInsert, DETECTIONS - i) }, (_, k) => {
          const n = i + k;
          const person = n < HEAVY ? heavy : people[Math.floor(r() * people.length)]!.uuid;
          return {
            runtime_face_uuid: randomUUID(),
            domain_uuid: MAPLE,
            camera_uuid: MAPLE_CAMERAS[Math.floor(r() * MAPLE_CAMERAS.length)]!,
            captured_at: Math.round(now - 30 * DAY + r() * 30 * DAY),
            frontend_face_uuid: r() < 0.85 ? person : null,
            confidence: Math.round((0.6 + r() * 0.4) * 100) / 100,
            box: null,
            is_face: null,
            match_confirmed: r() < 0.01 ? 1 : null,
            reviewed_by: null,
            reviewed_at: null,
            detector_id: null,
            created_at: now,
          };
        });
        await trx.insertInto('face_detections').values(rows).execute();
      }
    });
  }
  await new RegistryRepository(db, ctx.database.dialect).recomputeAllLastSeen(db, MAPLE);
  await sql`analyze`.execute(db);
  console.log(
    `  filled ${count(PEOPLE)} people, ${count(DETECTIONS)} detections in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return heavy;
}

/** Times GET requests over real HTTP on loopback, as a browser makes them (the body read whole). */
async function timeRequests(
  base: string,
  token: string,
  url: () => string,
  n: number,
  before?: () => Promise<void>,
): Promise<{ times: number[]; bytes: number }> {
  const get = async () => {
    const response = await fetch(`${base}${url()}`, { headers: bearer(token) });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url()} answered ${response.status}: ${Buffer.from(body).toString()}`);
    return body.byteLength;
  };
  for (let i = 0; i < 5; i++) await get();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    await before?.();
    const started = performance.now();
    bytes = await get();
    times.push(performance.now() - started);
  }
  return { times, bytes };
}

/** The faces list's search model, as the web app builds it (keys of part 2 §2, synonyms, People filter, name sorts). */
const searchModel: SearchModel<Face> = {
  keys: [
    { key: 'first_name', get: (f) => f.first_name },
    { key: 'last_name', get: (f) => f.last_name },
    { key: 'person_name', get: (f) => f.person_name },
    { key: 'role', get: (f) => f.role },
    { key: 'complexion', get: (f) => f.complexion },
    { key: 'elopement_risk', get: (f) => f.elopement_risk },
    { key: 'last_seen_camera_description', get: (f) => f.last_seen_camera_description },
    { key: 'room', get: (f) => f.room },
    { key: 'bed', get: (f) => f.bed },
  ],
  filters: [{ name: 'People', test: () => true }],
  sorts: [
    { name: 'Activity', compare: (a, b) => (b.last_seen_datetime ?? '').localeCompare(a.last_seen_datetime ?? '') },
    { name: 'Last Name', compare: (a, b) => a.last_name.localeCompare(b.last_name) },
  ],
  synonyms: FACE_SYNONYMS,
};

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
    const heavy = await fill(ctx);
    const token = await ctx.signIn('manager@maple.example');

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    const listUrl = () => `/api/v6/faces?domain_uuid=${MAPLE}`;

    // Every open faces page asks every 30 s; between two asks a busy building has usually seen someone. Measured both
    // ways: after a change (a person seen, as ingest records it: the list is rebuilt) and unchanged (kept).
    const seen = random(5);
    const changed = await timeRequests(base, token, listUrl, Math.max(20, Math.round(REQUESTS / 4)), async () => {
      await ctx.database.db
        .updateTable('faces')
        .set({ last_seen_at: Date.now() - Math.round(seen() * 60_000) })
        .where('uuid', '=', heavy)
        .execute();
    });
    const unchanged = await timeRequests(base, token, listUrl, REQUESTS);
    const listed = (await ctx.app.inject({ method: 'GET', url: listUrl(), headers: bearer(token) })).json<{ faces: Face[] }>().faces;
    console.log(
      `  faces list over HTTP (${count(listed.length)} people, ${count(DETECTIONS)} detections, ${(changed.bytes / 1048576).toFixed(1)} MB):`,
    );
    for (const [what, { times }] of [
      ['after a change (rebuilt)', changed],
      ['unchanged (kept)        ', unchanged],
    ] as const)
      console.log(
        `    ${what}: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} (goal p99 < 50 ms: ${verdict(percentile(times, 99) < 50)})`,
      );

    const r = random(11);
    const start = Date.now() - 30 * DAY;
    const { times: history } = await timeRequests(
      base,
      token,
      () => {
        // Half the pages from the newest, half from somewhere in the month (paging on).
        const before = r() < 0.5 ? '' : `?before=${new Date(start + r() * 30 * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z')}`;
        return `/api/v6/faces/${heavy}/history${before}`;
      },
      REQUESTS,
    );
    console.log(
      `  person history (${count(HEAVY)} detections of one person, pages of 100): p50 ${ms(percentile(history, 50))}, p99 ${ms(percentile(history, 99))} (goal p99 < 20 ms: ${verdict(percentile(history, 99) < 20)})`,
    );

    if (engine === engines[0]) {
      // Typing 'margaret, role:resident' one key at a time, then a synonym, over every person listed.
      const typed = 'margaret, role:resident';
      const queries = [...Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1)), 'african american', 'staff', 'room:1'];
      const everyone = Array.from({ length: Math.ceil(PEOPLE / listed.length) }, () => listed)
        .flat()
        .slice(0, PEOPLE);
      const times: number[] = [];
      for (let round = 0; round < 10; round++)
        for (const query of queries) {
          const started = performance.now();
          applySearch(everyone, searchModel, { query, filter: 'People', sort: 'Last Name', reversed: false }, () => undefined);
          times.push(performance.now() - started);
        }
      console.log(
        `  search kit over ${count(everyone.length)} people (Node's V8, the browser's engine): per keystroke p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} (goal < 16 ms: ${verdict(percentile(times, 99) < 16)})`,
      );
    }
  } finally {
    await ctx.close();
    stopPostgres?.();
  }
}

console.log(`bench:faces — ${count(PEOPLE)} people, ${count(DETECTIONS)} detections (${count(HEAVY)} of one person)`);
for (const engine of engines) await benchEngine(engine);
process.exit(0);
