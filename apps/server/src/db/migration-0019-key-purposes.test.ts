import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { migrateToLatest, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrations.js';

// The key-purposes migration on a database whose keys were used before purposes existed (SQLite, or PostgreSQL when
// VIGIL_TEST_DATABASE_URL names a server): each key keeps the narrowest purposes its use so far shows.

const DOMAIN = 'd0000000-0000-4000-8000-000000000019';
const CAMERA = 'c0000000-0000-4000-8000-000000000019';
const POINT = 'a0000000-0000-4000-8000-000000000019';
const IDENTITY = 'b0000000-0000-4000-8000-000000000019';
const key = (n: number) => `e0000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const KEYS = {
  analyzer: key(1),
  detections: key(2),
  taps: key(3),
  detectionsAndTaps: key(4),
  unused: key(5),
  deploymentAnalyzer: key(6),
  deploymentUnused: key(7),
  deploymentTaps: key(8),
  deploymentRowAnalyzer: key(9),
  deploymentRowTaps: key(10),
};

let dataDir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
const now = Date.parse('2026-11-20T10:00:00Z');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-migration-'));
  ({ handle, drop } = await openTestDatabase(dataDir));
  const db = handle.db as unknown as Kysely<any>;
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0018_badges');
  if (error) throw error;
  await db.insertInto('domains').values({ uuid: DOMAIN, description: 'Old House', created_at: now }).execute();
  await db
    .insertInto('cameras')
    .values({ uuid: CAMERA, domain_uuid: DOMAIN, description: 'Door', host: '127.0.0.1', path: '/d', created_at: now })
    .execute();
  const keyRow = (id: string, deployment: string | null = null) => ({
    id,
    domain_uuid: DOMAIN,
    name: `key ${id.slice(-2)}`,
    key_hash: id.replace(/-/g, '').padEnd(64, '0'),
    key_prefix: 'vgd_old',
    created_by: null,
    created_at: now,
    deployment_key_id: deployment,
  });
  for (const id of [KEYS.deploymentAnalyzer, KEYS.deploymentUnused, KEYS.deploymentTaps])
    await db
      .insertInto('deployment_keys')
      .values({
        id,
        name: `deployment ${id.slice(-2)}`,
        key_hash: id.replace(/-/g, '').padEnd(64, '1'),
        key_prefix: 'vgd_dep',
        created_at: now,
      })
      .execute();
  for (const id of [KEYS.analyzer, KEYS.detections, KEYS.taps, KEYS.detectionsAndTaps, KEYS.unused])
    await db.insertInto('detectors').values(keyRow(id)).execute();
  await db.insertInto('detectors').values(keyRow(KEYS.deploymentRowAnalyzer, KEYS.deploymentAnalyzer)).execute();
  await db.insertInto('detectors').values(keyRow(KEYS.deploymentRowTaps, KEYS.deploymentTaps)).execute();

  // Use before purposes existed: analyzer heartbeats (by key), detections and events, badge taps.
  for (const keyId of [KEYS.analyzer, KEYS.deploymentAnalyzer])
    await db
      .insertInto('analyzers')
      .values({ id: `f${keyId.slice(1)}`, name: 'old analyzer', key_id: keyId, capacity: 4, first_seen_at: now, last_seen_at: now })
      .execute();
  for (const [i, detector] of [KEYS.detections, KEYS.detectionsAndTaps, KEYS.deploymentRowAnalyzer].entries())
    await db
      .insertInto('events')
      .values({
        id: `0000000${i}-0000-4000-8000-000000000019`,
        domain_uuid: DOMAIN,
        camera_uuid: CAMERA,
        started_at: now,
        category: 'person',
        description: 'Person',
        objects: '[]',
        metrics: '{}',
        alerted: 0,
        detector_id: detector,
        source_id: `old-${i}`,
        created_at: now,
      })
      .execute();
  await db
    .insertInto('access_points')
    .values({
      uuid: POINT,
      domain_uuid: DOMAIN,
      external_id: 'door',
      description: 'Door',
      window_before_ms: 5000,
      window_after_ms: 5000,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('badge_identities')
    .values({
      uuid: IDENTITY,
      domain_uuid: DOMAIN,
      identity_id: 'OLDHOUSE-TENANT1',
      name: 'A TENANT',
      role: 'tor',
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [i, detector] of [KEYS.taps, KEYS.detectionsAndTaps, KEYS.deploymentRowTaps].entries())
    await db
      .insertInto('access_events')
      .values({
        uuid: `1000000${i}-0000-4000-8000-000000000019`,
        domain_uuid: DOMAIN,
        source_id: `tap-${i}`,
        detector_id: detector,
        access_point_uuid: POINT,
        identity_uuid: IDENTITY,
        event_at: now,
        granted: 1,
        received_at: now,
      })
      .execute();
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const purposesOf = async (table: 'detectors' | 'deployment_keys', id: string) =>
  handle.db.selectFrom(table).select(['purposes', 'purposes_origin']).where('id', '=', id).executeTakeFirstOrThrow();

describe('migration 0019 (key purposes)', () => {
  it('gives each building key the narrowest purposes its use shows', async () => {
    expect(await purposesOf('detectors', KEYS.analyzer)).toEqual({ purposes: 'analyzer', purposes_origin: 'inferred' });
    expect(await purposesOf('detectors', KEYS.detections)).toEqual({ purposes: 'detector', purposes_origin: 'inferred' });
    expect(await purposesOf('detectors', KEYS.taps)).toEqual({ purposes: 'access_control', purposes_origin: 'inferred' });
    expect(await purposesOf('detectors', KEYS.detectionsAndTaps)).toEqual({
      purposes: 'detector,access_control',
      purposes_origin: 'inferred',
    });
    // Never used: what it was made as (a detector key).
    expect(await purposesOf('detectors', KEYS.unused)).toEqual({ purposes: 'detector', purposes_origin: 'inferred' });
  });

  it("gives each deployment key, and its rows in the buildings, what the key's use shows", async () => {
    expect(await purposesOf('deployment_keys', KEYS.deploymentAnalyzer)).toEqual({ purposes: 'analyzer', purposes_origin: 'inferred' });
    expect(await purposesOf('detectors', KEYS.deploymentRowAnalyzer)).toEqual({ purposes: 'analyzer', purposes_origin: 'inferred' });
    expect(await purposesOf('deployment_keys', KEYS.deploymentTaps)).toEqual({ purposes: 'access_control', purposes_origin: 'inferred' });
    expect(await purposesOf('detectors', KEYS.deploymentRowTaps)).toEqual({ purposes: 'access_control', purposes_origin: 'inferred' });
    // Never used: what deployment keys were made for (one analyzer for the whole deployment).
    expect(await purposesOf('deployment_keys', KEYS.deploymentUnused)).toEqual({ purposes: 'analyzer', purposes_origin: 'inferred' });
  });
});
