import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytes8, finderCode } from '@vigil/contract';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.js';
import { migrateToLatest, type DatabaseHandle } from './database.js';
import { migrationProvider } from './migrations.js';

// The training migration on a database that already holds reviewed detections with embeddings (SQLite, or PostgreSQL
// when VIGIL_TEST_DATABASE_URL names a server): nothing people answered and no embedding is lost.

const DOMAIN = 'd0000000-0000-4000-8000-000000000001';
const CAMERA = 'c0000000-0000-4000-8000-000000000001';
const ADA = 'f0000000-0000-4000-8000-000000000001';
const GRACE = 'f0000000-0000-4000-8000-000000000002';
const REVIEWED = 'e0000000-0000-4000-8000-000000000001';
const UNREVIEWED = 'e0000000-0000-4000-8000-000000000002';
const NOT_A_FACE = 'e0000000-0000-4000-8000-000000000003';
const DETECTOR = 'a0000000-0000-4000-8000-000000000001';

let dataDir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
const embedding = Buffer.from(new Float32Array([0.5, -0.25, 1]).buffer);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-migration-'));
  ({ handle, drop } = await openTestDatabase(dataDir));
  const db = handle.db as unknown as Kysely<any>;
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0011_onboarding');
  if (error) throw error;
  const now = Date.parse('2026-11-20T10:00:00Z');
  await db.insertInto('domains').values({ uuid: DOMAIN, description: 'Old House', created_at: now }).execute();
  await db
    .insertInto('cameras')
    .values({ uuid: CAMERA, domain_uuid: DOMAIN, description: 'Door', host: '127.0.0.1', path: '/door', created_at: now })
    .execute();
  for (const [uuid, first_name] of [
    [ADA, 'Ada'],
    [GRACE, 'Grace'],
  ])
    await db
      .insertInto('faces')
      .values({
        uuid,
        domain_uuid: DOMAIN,
        first_name,
        last_name: 'Old',
        role: 'resident',
        elopement_risk: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  await db
    .insertInto('detectors')
    .values({ id: DETECTOR, domain_uuid: DOMAIN, name: 'old analyzer', key_hash: 'h'.repeat(64), key_prefix: 'vgd_old', created_at: now })
    .execute();
  const detection = (runtime_face_uuid: string, extra: object) => ({
    runtime_face_uuid,
    domain_uuid: DOMAIN,
    camera_uuid: CAMERA,
    captured_at: now,
    confidence: 0.8,
    detector_id: DETECTOR,
    created_at: now,
    candidates: JSON.stringify([
      { frontend_face_uuid: ADA, confidence: 0.8 },
      { frontend_face_uuid: GRACE, confidence: 0.5 },
    ]),
    embedding: embedding.toString('base64'),
    ...extra,
  });
  await db
    .insertInto('face_detections')
    .values([
      // A reviewer said it is Grace (the analyzer had said Ada: that was overwritten before this migration).
      detection(REVIEWED, { frontend_face_uuid: GRACE, match_confirmed: 1, reviewed_by: 'u1', reviewed_at: now + 1000 }),
      detection(UNREVIEWED, { frontend_face_uuid: ADA }),
      detection(NOT_A_FACE, { frontend_face_uuid: null, is_face: 0, reviewed_by: 'u2', reviewed_at: now + 2000, embedding: null }),
    ])
    .execute();
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('migration 0012 (training)', () => {
  it('keeps every answer given as the first rows of the review log', async () => {
    const log = await handle.db
      .selectFrom('face_reviews')
      .select(['runtime_face_uuid', 'kind', 'frontend_face_uuid', 'answer', 'reviewed_by', 'reviewed_at'])
      .orderBy('seq')
      .execute();
    expect(log.map((r) => ({ ...r, reviewed_at: Number(r.reviewed_at) }))).toEqual([
      {
        runtime_face_uuid: REVIEWED,
        kind: 'match',
        frontend_face_uuid: GRACE,
        answer: 1,
        reviewed_by: 'u1',
        reviewed_at: Date.parse('2026-11-20T10:00:01Z'),
      },
      {
        runtime_face_uuid: NOT_A_FACE,
        kind: 'face',
        frontend_face_uuid: null,
        answer: 0,
        reviewed_by: 'u2',
        reviewed_at: Date.parse('2026-11-20T10:00:02Z'),
      },
    ]);
  });

  it("keeps the analyzer's match where nobody overwrote it, and the match as people left it", async () => {
    const rows = await handle.db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'frontend_face_uuid', 'analyzer_face_uuid', 'match_confirmed'])
      .orderBy('runtime_face_uuid')
      .execute();
    expect(rows).toEqual([
      { runtime_face_uuid: REVIEWED, frontend_face_uuid: GRACE, analyzer_face_uuid: null, match_confirmed: 1 },
      { runtime_face_uuid: UNREVIEWED, frontend_face_uuid: ADA, analyzer_face_uuid: ADA, match_confirmed: null },
      { runtime_face_uuid: NOT_A_FACE, frontend_face_uuid: null, analyzer_face_uuid: null, match_confirmed: null },
    ]);
  });

  it('moves embeddings to their side table as raw float32 bytes, named by the detector that sent them', async () => {
    const stored = await handle.db.selectFrom('face_embeddings').selectAll().orderBy('runtime_face_uuid').execute();
    expect(stored.map((e) => [e.runtime_face_uuid, e.embedder, e.dims, Buffer.from(e.vector).equals(embedding)])).toEqual([
      [REVIEWED, `detector:${DETECTOR}`, 3, true],
      [UNREVIEWED, `detector:${DETECTOR}`, 3, true],
    ]);
    const embedders = await handle.db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'embedder'])
      .orderBy('runtime_face_uuid')
      .execute();
    expect(embedders.map((r) => r.embedder)).toEqual([`detector:${DETECTOR}`, `detector:${DETECTOR}`, null]);
  });

  it('makes the candidates searchable by person', async () => {
    const ada = await handle.db
      .selectFrom('face_detection_candidates')
      .select(['runtime_face_uuid', 'rank'])
      .where('frontend_face_uuid', '=', ADA)
      .orderBy('runtime_face_uuid')
      .execute();
    expect(ada).toEqual([
      { runtime_face_uuid: REVIEWED, rank: 0 },
      { runtime_face_uuid: UNREVIEWED, rank: 0 },
      { runtime_face_uuid: NOT_A_FACE, rank: 0 },
    ]);
  });

  it("gives every stored embedding its match finder code (0014), with the detection's building, camera and time", async () => {
    const codes = await handle.db.selectFrom('face_embedding_codes').selectAll().orderBy('seq').execute();
    expect(codes.map((c) => [c.runtime_face_uuid, c.domain_uuid, c.camera_uuid, c.embedder])).toEqual(
      expect.arrayContaining([
        [REVIEWED, DOMAIN, CAMERA, `detector:${DETECTOR}`],
        [UNREVIEWED, DOMAIN, CAMERA, `detector:${DETECTOR}`],
      ]),
    );
    expect(codes).toHaveLength(2);
    const expected = Buffer.from(finderCode(new Float32Array([0.5, -0.25, 1])).buffer);
    for (const c of codes) expect(Buffer.from(c.code).equals(expected)).toBe(true);
    const eightBit = Buffer.from(bytes8(new Float32Array([0.5, -0.25, 1])).buffer);
    for (const c of codes) expect(Buffer.from(c.vector8).equals(eightBit)).toBe(true);
    expect([...new Int8Array(eightBit.buffer, eightBit.byteOffset, 3)]).toEqual([64, -32, 127]);
  });
});
