import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { migrateToLatest, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrations.js';

// Migration 0021 on a building that already requires consent (SQLite, or PostgreSQL when VIGIL_TEST_DATABASE_URL names
// a server): the door faces confirmed to badge identities without a consenting registry person are forgotten, each tap
// keeping who verified it and when; a consenting person's badge and a building without the rule keep theirs.

const now = Date.parse('2026-11-20T10:00:00Z');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STRICT = id(1);
const LAX = id(2);
/** each building's door camera and access point */
const CAMERAS: Record<string, string> = { [STRICT]: id(3), [LAX]: id(5) };
const POINTS: Record<string, string> = { [STRICT]: id(4), [LAX]: id(6) };
const [GIVEN, NONE] = [id(10), id(11)];
/** badge identities: unlinked, linked to someone without consent, linked to someone with it; and one in the lax building */
const [UNLINKED, NO_CONSENT, CONSENTED, LAX_BADGE] = [id(20), id(21), id(22), id(23)];
const tapOf = (identity: string) => id(Number(identity.slice(-2)) + 100);
const faceOf = (identity: string, n = 0) => id(Number(identity.slice(-2)) + 200 + n * 50);

let dataDir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-migration-'));
  ({ handle, drop } = await openTestDatabase(dataDir));
  const db = handle.db as unknown as Kysely<any>;
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0019_key_purposes');
  if (error) throw error;
  for (const [uuid, description] of [
    [STRICT, 'Strict House'],
    [LAX, 'Lax House'],
  ])
    await db.insertInto('domains').values({ uuid, description, created_at: now }).execute();
  await db.insertInto('domain_privacy').values({ domain_uuid: STRICT, consent_required: 1, updated_at: now }).execute();
  for (const domain of [STRICT, LAX]) {
    await db
      .insertInto('cameras')
      .values({ uuid: CAMERAS[domain], domain_uuid: domain, description: 'Door', host: '127.0.0.1', path: '/d', created_at: now })
      .execute();
    await db
      .insertInto('access_points')
      .values({
        uuid: POINTS[domain],
        domain_uuid: domain,
        external_id: 'door',
        description: 'Door',
        camera_uuid: CAMERAS[domain],
        window_before_ms: 10_000,
        window_after_ms: 10_000,
        created_at: now,
      })
      .execute();
  }
  const people: [string, string | null][] = [
    [GIVEN, 'given'],
    [NONE, null],
  ];
  for (const [uuid, consent] of people)
    await db
      .insertInto('faces')
      .values({
        uuid,
        domain_uuid: STRICT,
        first_name: 'Old',
        last_name: uuid.slice(-2),
        role: 'resident',
        elopement_risk: 0,
        consent,
        consent_purposes: consent ? '["recognition","alerts"]' : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  const badges: [string, string, string | null][] = [
    [UNLINKED, STRICT, null],
    [NO_CONSENT, STRICT, NONE],
    [CONSENTED, STRICT, GIVEN],
    [LAX_BADGE, LAX, null],
  ];
  for (const [uuid, domain, face] of badges) {
    await db
      .insertInto('badge_identities')
      .values({
        uuid,
        domain_uuid: domain,
        identity_id: `OLD-BADGE-${uuid.slice(-6)}`,
        name: 'OLD BADGE',
        role: 'tor',
        face_uuid: face,
        taps: 1,
        matched: 1,
        tags: 1,
        last_verified_at: now + 2,
        last_verified_by: 'rejecter@old.example',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('access_events')
      .values({
        uuid: tapOf(uuid),
        domain_uuid: domain,
        source_id: `tap-${uuid}`,
        access_point_uuid: POINTS[domain],
        identity_uuid: uuid,
        event_at: now,
        granted: 1,
        received_at: now,
        evaluated_at: now,
        faces: 2,
        matched: 1,
      })
      .execute();
    for (const n of [0, 1])
      await db
        .insertInto('face_detections')
        .values({
          runtime_face_uuid: faceOf(uuid, n),
          domain_uuid: domain,
          camera_uuid: CAMERAS[domain],
          captured_at: now + n,
          confidence: 0.3,
          created_at: now,
        })
        .execute();
    // One face confirmed, one rejected (later).
    for (const n of [0, 1])
      await db
        .insertInto('badge_tags')
        .values({
          access_event_uuid: tapOf(uuid),
          detection_id: faceOf(uuid, n),
          identity_uuid: uuid,
          domain_uuid: domain,
          rejected: n,
          rejected_for: n === 1 ? 'WRONG_PERSON' : null,
          verified_by: n === 1 ? 'rejecter@old.example' : 'verifier@old.example',
          verified_at: now + 1 + n,
        })
        .execute();
  }
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('forgets the faces tagged to badges without a consenting person in buildings that require consent, keeping the verification', async () => {
  const db = handle.db;
  const tags = await db
    .selectFrom('badge_tags')
    .select(['identity_uuid', 'rejected'])
    .orderBy('identity_uuid')
    .orderBy('rejected')
    .execute();
  expect(tags).toEqual([
    { identity_uuid: CONSENTED, rejected: 0 },
    { identity_uuid: CONSENTED, rejected: 1 },
    { identity_uuid: LAX_BADGE, rejected: 0 },
    { identity_uuid: LAX_BADGE, rejected: 1 },
  ]);
  const verifications = await db.selectFrom('badge_verifications').selectAll().orderBy('identity_uuid').execute();
  expect(verifications.map((v) => [v.identity_uuid, v.access_event_uuid, v.verified_by, Number(v.verified_at)])).toEqual([
    [UNLINKED, tapOf(UNLINKED), 'verifier@old.example', now + 1],
    [NO_CONSENT, tapOf(NO_CONSENT), 'verifier@old.example', now + 1],
  ]);
  const identities = await db
    .selectFrom('badge_identities')
    .select(['uuid', 'tags', 'last_verified_by', 'matched'])
    .orderBy('uuid')
    .execute();
  expect(identities.map((i) => [i.uuid, i.tags, i.last_verified_by, i.matched])).toEqual([
    [UNLINKED, 0, 'verifier@old.example', 1],
    [NO_CONSENT, 0, 'verifier@old.example', 1],
    [CONSENTED, 1, 'rejecter@old.example', 1],
    [LAX_BADGE, 1, 'rejecter@old.example', 1],
  ]);
});
