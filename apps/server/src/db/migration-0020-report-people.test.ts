import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { migrateToLatest, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrations.js';

// Migration 0020 on a database that already holds reports (SQLite, or PostgreSQL when VIGIL_TEST_DATABASE_URL names a
// server): each stored row gets the ids of the people and badges it is about, found through the ids the rows still
// point to (a badge link, an alert's picture, a tap's time), never by a name that someone else's contains.

const DOMAIN = 'd0000000-0000-4000-8000-000000000020';
const CAMERA = 'c0000000-0000-4000-8000-000000000020';
const [ANN, MARY, TWIN1, TWIN2] = ['1', '2', '3', '4'].map((n) => `f0000000-0000-4000-8000-00000000020${n}`) as [
  string,
  string,
  string,
  string,
];
const [ANN_BADGE, TOM_BADGE] = ['b0000000-0000-4000-8000-000000000201', 'b0000000-0000-4000-8000-000000000202'];
const POINT = 'a0000000-0000-4000-8000-000000000201';
const DETECTION = 'e0000000-0000-4000-8000-000000000201';
const [ALERTS, MISMATCHES] = ['90000000-0000-4000-8000-000000000201', '90000000-0000-4000-8000-000000000202'];
const now = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

let dataDir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-migration-'));
  ({ handle, drop } = await openTestDatabase(dataDir));
  const db = handle.db as unknown as Kysely<any>;
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0019_key_purposes');
  if (error) throw error;
  await db.insertInto('domains').values({ uuid: DOMAIN, description: 'Old House', created_at: now }).execute();
  await db
    .insertInto('cameras')
    .values({ uuid: CAMERA, domain_uuid: DOMAIN, description: 'Exit', host: '127.0.0.1', path: '/e', created_at: now })
    .execute();
  const person = (uuid: string, first: string, last: string) => ({
    uuid,
    domain_uuid: DOMAIN,
    first_name: first,
    last_name: last,
    role: 'resident',
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('faces')
    .values([person(ANN, 'Ann', 'Lee'), person(MARY, 'Mary Ann', 'Lee'), person(TWIN1, 'Jo', 'Twin'), person(TWIN2, 'Jo', 'Twin')])
    .execute();
  const identity = (uuid: string, id: string, name: string, face: string | null) => ({
    uuid,
    domain_uuid: DOMAIN,
    identity_id: id,
    name,
    role: 'tor',
    face_uuid: face,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('badge_identities')
    .values([identity(ANN_BADGE, 'ANNLEE0000000001', 'Ann Lee', ANN), identity(TOM_BADGE, 'TOMOTHER00000001', 'Tom Other', null)])
    .execute();
  await db
    .insertInto('access_points')
    .values({
      uuid: POINT,
      domain_uuid: DOMAIN,
      external_id: 'door',
      description: 'Ann Lee',
      camera_uuid: CAMERA,
      window_before_ms: 5_000,
      window_after_ms: 5_000,
      created_at: now,
    })
    .execute();
  // Tom's badge was used by Mary (badge sharing), 10:05:00.400.
  await db
    .insertInto('access_events')
    .values({
      uuid: 'e1000000-0000-4000-8000-000000000201',
      domain_uuid: DOMAIN,
      source_id: 's1',
      access_point_uuid: POINT,
      identity_uuid: TOM_BADGE,
      event_at: now + 5 * 60_000 + 400,
      granted: 1,
      received_at: now,
      evaluated_at: now,
      faces: 1,
      matched: 0,
      shared_with: MARY,
    })
    .execute();
  await db
    .insertInto('face_detections')
    .values({
      runtime_face_uuid: DETECTION,
      domain_uuid: DOMAIN,
      camera_uuid: CAMERA,
      captured_at: now,
      frontend_face_uuid: ANN,
      confidence: 0.97,
      created_at: now,
    })
    .execute();
  const alert = (id: string, face: string | null, person: string, minutes: number) => ({
    alert_id: id,
    domain_uuid: DOMAIN,
    camera_uuid: CAMERA,
    runtime_face_uuid: face,
    frontend_face_uuid: person,
    event_ts: now + minutes * 60_000,
    description: 'seen at Exit',
    created_at: now,
  });
  await db
    .insertInto('elopement_alerts')
    .values([
      alert('a1000000-0000-4000-8000-000000000201', DETECTION, ANN, 1),
      alert('a1000000-0000-4000-8000-000000000202', null, MARY, 2),
    ])
    .execute();
  const report = (uuid: string, kind: string, rows: object[]) => ({
    uuid,
    domain_uuid: DOMAIN,
    kind,
    title: kind,
    generated_at: now,
    start_at: now,
    end_at: now + 3600_000,
    generated_by: null,
    row_count: rows.length,
    headers: '[]',
    body: JSON.stringify(rows),
  });
  await db
    .insertInto('reports')
    .values([
      report(ALERTS, 'elopement_alerts', [
        { time: at(1), resident: 'Ann Lee', face: { image: `detection:${DETECTION}` } },
        { time: at(2), resident: 'Mary Ann Lee', face: null },
        // no alert at that time any more, and two people have the name: nobody
        { time: at(3), resident: 'Jo Twin', face: null },
        // no alert at that time, one person has the name in full
        { time: at(4), resident: 'Mary Ann Lee', face: null },
      ]),
      report(MISMATCHES, 'credential_mismatch', [
        { time: at(0), holder: { text: 'Ann Lee', href: '/credential/ANNLEE0000000001' }, access_point: 'Ann Lee', seen: null },
        { time: at(5), holder: { text: 'Tom Other', href: '/credential/TOMOTHER00000001' }, access_point: 'Ann Lee', seen: 'Mary Ann Lee' },
        // a badge the building no longer has
        { time: at(6), holder: { text: 'Gone', href: '/credential/GONEGONE00000001' }, access_point: 'Ann Lee', seen: null },
      ]),
    ])
    .execute();
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('migration 0020 (report people)', () => {
  const named = async (report: string) =>
    (
      await handle.db
        .selectFrom('report_people')
        .select(['row_index', 'subject_uuid', 'kind'])
        .where('report_uuid', '=', report)
        .orderBy('row_index')
        .orderBy('kind')
        .orderBy('subject_uuid')
        .execute()
    ).map((r) => [Number(r.row_index), r.kind, r.subject_uuid]);

  it("names each alert row's person through its alert, or a full name only one person has", async () => {
    expect(await named(ALERTS)).toEqual([
      [0, 'person', ANN],
      [1, 'person', MARY],
      [3, 'person', MARY],
    ]);
  });

  it("names each tap row's badge, the person it is linked to, and the person the tap saw instead", async () => {
    expect(await named(MISMATCHES)).toEqual([
      [0, 'badge', ANN_BADGE],
      [0, 'person', ANN],
      [1, 'badge', TOM_BADGE],
      [1, 'person', MARY],
    ]);
  });

  it('lets a deleted report take its rows’ names with it', async () => {
    await handle.db.deleteFrom('reports').where('uuid', '=', ALERTS).execute();
    expect(await named(ALERTS)).toEqual([]);
  });
});
