import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { migrateToLatest, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrations.js';

// The erasure migration on a database that already holds elopement alerts (SQLite, or PostgreSQL when
// VIGIL_TEST_DATABASE_URL names a server): every alert is kept as it was, and from then on deleting an alert's person
// or detection clears the reference instead of deleting the alert.

const DOMAIN = 'd0000000-0000-4000-8000-000000000016';
const CAMERA = 'c0000000-0000-4000-8000-000000000016';
const ADA = 'f0000000-0000-4000-8000-000000000016';
const DETECTIONS = ['e0000000-0000-4000-8000-000000000161', 'e0000000-0000-4000-8000-000000000162'];
const ALERTS = ['a0000000-0000-4000-8000-000000000161', 'a0000000-0000-4000-8000-000000000162'];

let dataDir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
const now = Date.parse('2026-11-20T10:00:00Z');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-migration-'));
  ({ handle, drop } = await openTestDatabase(dataDir));
  const db = handle.db as unknown as Kysely<any>;
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0015_privacy');
  if (error) throw error;
  await db.insertInto('domains').values({ uuid: DOMAIN, description: 'Old House', created_at: now }).execute();
  await db
    .insertInto('cameras')
    .values({ uuid: CAMERA, domain_uuid: DOMAIN, description: 'Door', host: '127.0.0.1', path: '/d', created_at: now })
    .execute();
  await db
    .insertInto('faces')
    .values({
      uuid: ADA,
      domain_uuid: DOMAIN,
      first_name: 'Ada',
      last_name: 'Old',
      role: 'resident',
      elopement_risk: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [i, id] of DETECTIONS.entries()) {
    await db
      .insertInto('face_detections')
      .values({
        runtime_face_uuid: id,
        domain_uuid: DOMAIN,
        camera_uuid: CAMERA,
        captured_at: now + i,
        frontend_face_uuid: ADA,
        confidence: 0.95,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('elopement_alerts')
      .values({
        alert_id: ALERTS[i],
        domain_uuid: DOMAIN,
        camera_uuid: CAMERA,
        runtime_face_uuid: id,
        frontend_face_uuid: ADA,
        event_ts: now + i,
        description: 'Ada Old (elopement risk) seen at Door',
        dismissed_at: i === 0 ? now + 60_000 : null,
        dismissed_via: i === 0 ? 'pin' : null,
        created_at: now,
      })
      .execute();
  }
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('migration 0016 (erasure)', () => {
  const alerts = () => handle.db.selectFrom('elopement_alerts').selectAll().orderBy('alert_id').execute();

  it('keeps every alert as it was', async () => {
    const rows = await alerts();
    expect(rows.map((r) => [r.alert_id, r.runtime_face_uuid, r.frontend_face_uuid, Number(r.event_ts), r.dismissed_via])).toEqual([
      [ALERTS[0], DETECTIONS[0], ADA, now, 'pin'],
      [ALERTS[1], DETECTIONS[1], ADA, now + 1, null],
    ]);
  });

  it('clears an alert’s detection or person when they are deleted, keeping the alert', async () => {
    await handle.db.deleteFrom('face_detections').where('runtime_face_uuid', '=', DETECTIONS[0]!).execute();
    expect((await alerts()).map((r) => r.runtime_face_uuid)).toEqual([null, DETECTIONS[1]]);
    await handle.db.deleteFrom('face_detections').where('runtime_face_uuid', '=', DETECTIONS[1]!).execute();
    await handle.db.deleteFrom('faces').where('uuid', '=', ADA).execute();
    const rows = await alerts();
    expect(rows.map((r) => [r.alert_id, r.runtime_face_uuid, r.frontend_face_uuid])).toEqual([
      [ALERTS[0], null, null],
      [ALERTS[1], null, null],
    ]);
    // Still one alert per detection: a detection's second alert is refused.
    await handle.db
      .insertInto('face_detections')
      .values({
        runtime_face_uuid: DETECTIONS[0]!,
        domain_uuid: DOMAIN,
        camera_uuid: CAMERA,
        captured_at: now,
        confidence: 0.9,
        created_at: now,
      })
      .execute();
    const alert = (id: string) => ({
      alert_id: id,
      domain_uuid: DOMAIN,
      camera_uuid: CAMERA,
      runtime_face_uuid: DETECTIONS[0]!,
      frontend_face_uuid: null,
      event_ts: now,
      description: 'x',
      dismissed_at: null,
      dismissed_by: null,
      dismissed_via: null,
      dismissed_from: null,
      created_at: now,
    });
    await handle.db.insertInto('elopement_alerts').values(alert('a0000000-0000-4000-8000-000000000163')).execute();
    await expect(
      handle.db.insertInto('elopement_alerts').values(alert('a0000000-0000-4000-8000-000000000164')).execute(),
    ).rejects.toThrow();
  });
});
