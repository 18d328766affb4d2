import { sql, type RawBuilder } from 'kysely';
import { chunked } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { FaceDetectionRow, FaceImageRow, FaceRow, NewFace } from '../../db/schema.js';

/** What the faces list needs of a person. */
const PERSON_COLUMNS = [
  'uuid',
  'domain_uuid',
  'first_name',
  'last_name',
  'role',
  'gender',
  'complexion',
  'room',
  'bed',
  'unit',
  'wing',
  'card',
  'elopement_risk',
  'elopement_risk_hours',
  'email',
  'employee_role',
  'last_seen_at',
  'last_seen_camera_uuid',
  'last_seen_detection_id',
  'updated_at',
  'consent',
  'consent_purposes',
] as const;
export type PersonRow = Pick<FaceRow, (typeof PERSON_COLUMNS)[number]>;
const HEAD_COLUMNS = ['uuid', 'updated_at', 'last_seen_at', 'last_seen_camera_uuid', 'last_seen_detection_id'] as const;
export type PersonHead = Pick<FaceRow, (typeof HEAD_COLUMNS)[number]>;

export type PersonFields = Pick<
  NewFace,
  | 'first_name'
  | 'last_name'
  | 'role'
  | 'gender'
  | 'complexion'
  | 'room'
  | 'bed'
  | 'unit'
  | 'wing'
  | 'card'
  | 'elopement_risk'
  | 'email'
  | 'employee_role'
> &
  /** left out: as stored */
  Partial<Pick<NewFace, 'elopement_risk_hours'>>;

export interface PhotoChange {
  add: Omit<FaceImageRow, 'face_uuid'>[];
  /** photos replaced or deleted: their rows go (their files are removed after the commit) */
  drop: string[];
}

/** What moves a person's last seen: a detection matched to them (see advanceLastSeen). */
export interface SightingRow {
  runtime_face_uuid: string;
  frontend_face_uuid?: string | null | undefined;
  camera_uuid: string;
  captured_at: number;
  is_face?: number | null | undefined;
  match_confirmed?: number | null | undefined;
}

export interface HistoryRow {
  runtime_face_uuid: string;
  frontend_face_uuid: string;
  camera_uuid: string;
  captured_at: number;
  confidence: number;
  face_confidence: number | null;
  /** 1 when a reviewer confirmed it is this person */
  match_confirmed: number | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
}

/** A detection counts as a sighting unless a reviewer said it is not a face or not this person. */
const isSighting = <T extends { is_face?: number | null | undefined; match_confirmed?: number | null | undefined }>(d: T) =>
  d.is_face !== 0 && d.match_confirmed !== 0;

/**
 * The faces registry: people, their photos, last seen and history. Writes that go together take the transaction of the
 * service that started it as their first argument (see db/database.ts); decisions are the service's.
 */
export class RegistryRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: SqlDialect,
  ) {}

  /**
   * A building's people in service, with what the list shows; `residentsOnly` for callers without faces/find_all.
   * The database builds the rows as one JSON array: turning 5,000 rows into JavaScript objects one by one costs
   * SQLite's driver about 30 ms, one JSON.parse of the same rows a few (bench:faces).
   */
  async people(domain: string, residentsOnly: boolean): Promise<PersonRow[]> {
    return this.aggregate<PersonRow>(
      PERSON_COLUMNS,
      sql`domain_uuid = ${domain} and removed_at is null ${residentsOnly ? sql`and role = 'resident'` : sql``}`,
    );
  }

  /** What tells whether a person's entry in the list changed: the list checks these, and rebuilds only those that did. */
  async heads(domain: string, residentsOnly: boolean): Promise<PersonHead[]> {
    return this.aggregate<PersonHead>(
      HEAD_COLUMNS,
      sql`domain_uuid = ${domain} and removed_at is null ${residentsOnly ? sql`and role = 'resident'` : sql``}`,
    );
  }

  /** These people (of any building), with what the list shows. */
  async peopleByIds(uuids: readonly string[]): Promise<PersonRow[]> {
    return chunked(uuids, (slice) => this.aggregate<PersonRow>(PERSON_COLUMNS, sql`uuid in (${sql.join(slice)})`));
  }

  /** Rows of `faces` built by the database as one JSON array of objects (see `people`). */
  private async aggregate<T>(columns: readonly string[], where: RawBuilder<unknown>): Promise<T[]> {
    const aggregate = this.dialect.jsonArrayAgg(columns);
    const { rows } = await sql<{ people: string }>`select ${aggregate} as people from faces where ${where}`.execute(this.db);
    return JSON.parse(rows[0]?.people ?? '[]') as T[];
  }

  /**
   * What the faces list of a building depends on, in one cheap query: any person added, changed, deleted or seen,
   * and any match confirmed or undone, changes it.
   */
  async listVersion(domain: string): Promise<{ key: string; tagged: number }> {
    const { rows } = await sql<{ people: number; changed: number | null; seen: number | null; tagged: number }>`
      select count(*) as people, max(updated_at) as changed, sum(coalesce(last_seen_at, 0) % 1000000007) as seen,
        (select count(*) from face_detections where domain_uuid = ${domain} and match_confirmed = 1) as tagged
      from faces where domain_uuid = ${domain}`.execute(this.db);
    const row = rows[0]!;
    return { key: `${row.people}:${row.changed}:${row.seen}:${row.tagged}`, tagged: Number(row.tagged) };
  }

  /** What the analyzers' gallery of a building depends on: anyone added, changed or deleted, any photo. */
  async galleryVersion(domain: string): Promise<string> {
    const { rows } = await sql<{ people: number; changed: number | null; photos: number; newest: number | null }>`
      select count(*) as people, max(updated_at) as changed,
        (select count(*) from face_images i join faces f on f.uuid = i.face_uuid
          where f.domain_uuid = ${domain} and f.removed_at is null) as photos,
        (select max(i.created_at) from face_images i join faces f on f.uuid = i.face_uuid
          where f.domain_uuid = ${domain} and f.removed_at is null) as newest
      from faces where domain_uuid = ${domain} and removed_at is null`.execute(this.db);
    const row = rows[0]!;
    return `${row.people}:${row.changed}:${row.photos}:${row.newest}`;
  }

  /** The photos of a building's people in service: what its faces are matched against. */
  galleryPhotos(domain: string): Promise<FaceImageRow[]> {
    return this.db
      .selectFrom('face_images')
      .innerJoin('faces', 'faces.uuid', 'face_images.face_uuid')
      .selectAll('face_images')
      .where('faces.domain_uuid', '=', domain)
      .where('faces.removed_at', 'is', null)
      .orderBy('face_images.face_uuid')
      .orderBy('face_images.orientation')
      .execute();
  }

  /** A person, deleted ones included (see removed_at). */
  person(uuid: string): Promise<FaceRow | undefined> {
    return this.db.selectFrom('faces').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  async photosOf(people: readonly string[]): Promise<Map<string, FaceImageRow[]>> {
    const rows = await chunked(people, (slice) =>
      this.db.selectFrom('face_images').selectAll().where('face_uuid', 'in', slice).orderBy('orientation').execute(),
    );
    const out = new Map<string, FaceImageRow[]>();
    for (const row of rows) out.set(row.face_uuid, [...(out.get(row.face_uuid) ?? []), row]);
    return out;
  }

  /** Detections confirmed to each person of the building (their training tags). */
  async taggedCounts(domain: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('face_detections')
      .select(['frontend_face_uuid', (eb) => eb.fn.countAll<number>().as('n')])
      .where('domain_uuid', '=', domain)
      .where('match_confirmed', '=', 1)
      .where('frontend_face_uuid', 'is not', null)
      .groupBy('frontend_face_uuid')
      .execute();
    return new Map(rows.map((r) => [r.frontend_face_uuid!, Number(r.n)]));
  }

  async insertPerson(trx: Trx, person: NewFace): Promise<void> {
    await trx.insertInto('faces').values(person).execute();
  }

  async insertPhotos(trx: Trx, person: string, photos: PhotoChange['add']): Promise<void> {
    for (const photo of photos)
      await trx
        .insertInto('face_images')
        .values({ ...photo, face_uuid: person })
        .execute();
  }

  /** Changes a person still in service; false (nothing written) when there is none (deleted meanwhile). */
  async updatePerson(trx: Trx, uuid: string, fields: PersonFields, now: number): Promise<boolean> {
    const changed = await trx
      .updateTable('faces')
      .set({ ...fields, updated_at: now })
      .where('uuid', '=', uuid)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(changed.numUpdatedRows) === 1;
  }

  /** These photos (of anyone): what a change would replace or delete. */
  async photosByIds(db: Executor, uuids: readonly string[]): Promise<FaceImageRow[]> {
    return chunked(uuids, (slice) => db.selectFrom('face_images').selectAll().where('uuid', 'in', slice).execute());
  }

  async deletePhotos(trx: Trx, uuids: readonly string[]): Promise<void> {
    if (uuids.length > 0) await trx.deleteFrom('face_images').where('uuid', 'in', uuids).execute();
  }

  /**
   * Deletes a person: out of every list and no longer matched; their photos' rows go (returned, for their files); the
   * person's row stays for alerts and tags. False (nothing written) when the person was not in service.
   */
  async remove(trx: Trx, uuid: string, now: number): Promise<FaceImageRow[] | false> {
    const changed = await trx
      .updateTable('faces')
      .set({ removed_at: now, updated_at: now, elopement_risk: 0, elopement_risk_hours: null })
      .where('uuid', '=', uuid)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return false;
    const photos = await trx.selectFrom('face_images').selectAll().where('face_uuid', '=', uuid).execute();
    await trx.deleteFrom('face_images').where('face_uuid', '=', uuid).execute();
    return photos;
  }

  /** A person's sightings, newest first, before `before` (ms). */
  history(person: string, before: number | undefined, limit: number): Promise<HistoryRow[]> {
    let query = this.db
      .selectFrom('face_detections')
      .select([
        'runtime_face_uuid',
        'frontend_face_uuid',
        'camera_uuid',
        'captured_at',
        'confidence',
        'face_confidence',
        'match_confirmed',
        'reviewed_by',
        'reviewed_at',
      ])
      .where('frontend_face_uuid', '=', person)
      .where((eb) => eb.or([eb('is_face', 'is', null), eb('is_face', '<>', 0)]))
      .where((eb) => eb.or([eb('match_confirmed', 'is', null), eb('match_confirmed', '<>', 0)]));
    // Always bounded: with the bound, the planner walks the (person, time) index backwards and stops at `limit`.
    query = query.where('captured_at', '<', before ?? Number.MAX_SAFE_INTEGER);
    return query.orderBy('captured_at', 'desc').orderBy('runtime_face_uuid', 'desc').limit(limit).execute() as Promise<HistoryRow[]>;
  }

  /** The domain of a detection, for the face-crop link. */
  detection(runtimeFaceUuid: string): Promise<Pick<FaceDetectionRow, 'domain_uuid' | 'camera_uuid' | 'captured_at' | 'box'> | undefined> {
    return this.db
      .selectFrom('face_detections')
      .select(['domain_uuid', 'camera_uuid', 'captured_at', 'box'])
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .executeTakeFirst();
  }

  /** Ingest: moves each person's last seen forward to their newest sighting among `rows` (in the batch's transaction). */
  advanceLastSeen(trx: Trx, rows: readonly SightingRow[]): Promise<void> {
    return advanceLastSeen(trx, rows);
  }

  /** After a review changed what counts as a sighting: the person's last seen from their detections again. */
  recomputeLastSeen(db: Executor, person: string): Promise<void> {
    return recomputeLastSeen(db, person);
  }

  /** Everyone's last seen in a building from their detections (after a bulk load). */
  async recomputeAllLastSeen(db: Executor, domain: string): Promise<void> {
    await sql`
      UPDATE faces SET last_seen_detection_id = (
        SELECT d.runtime_face_uuid FROM face_detections d
        WHERE d.frontend_face_uuid = faces.uuid AND (d.is_face IS NULL OR d.is_face <> 0)
          AND (d.match_confirmed IS NULL OR d.match_confirmed <> 0)
        ORDER BY d.captured_at DESC LIMIT 1)
      WHERE domain_uuid = ${domain}`.execute(db);
    await sql`
      UPDATE faces SET
        last_seen_at = (SELECT d.captured_at FROM face_detections d WHERE d.runtime_face_uuid = faces.last_seen_detection_id),
        last_seen_camera_uuid = (SELECT d.camera_uuid FROM face_detections d WHERE d.runtime_face_uuid = faces.last_seen_detection_id)
      WHERE domain_uuid = ${domain}`.execute(db);
  }

  /** Counts for benchmarks and the CLI. */
  async count(domain: string): Promise<number> {
    const row = await this.db
      .selectFrom('faces')
      .select(sql<number>`count(*)`.as('n'))
      .where('domain_uuid', '=', domain)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

async function advanceLastSeen(trx: Trx, rows: readonly SightingRow[]): Promise<void> {
  const newest = new Map<string, SightingRow>();
  for (const row of rows) {
    if (!row.frontend_face_uuid || !isSighting(row)) continue;
    const seen = newest.get(row.frontend_face_uuid);
    if (!seen || row.captured_at > seen.captured_at) newest.set(row.frontend_face_uuid, row);
  }
  for (const [person, row] of newest) {
    await trx
      .updateTable('faces')
      .set({ last_seen_at: row.captured_at, last_seen_camera_uuid: row.camera_uuid, last_seen_detection_id: row.runtime_face_uuid })
      .where('uuid', '=', person)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', row.captured_at)]))
      .execute();
  }
}

async function recomputeLastSeen(db: Executor, person: string): Promise<void> {
  const newest = await db
    .selectFrom('face_detections')
    .select(['runtime_face_uuid', 'camera_uuid', 'captured_at'])
    .where('frontend_face_uuid', '=', person)
    .where((eb) => eb.or([eb('is_face', 'is', null), eb('is_face', '<>', 0)]))
    .where((eb) => eb.or([eb('match_confirmed', 'is', null), eb('match_confirmed', '<>', 0)]))
    .orderBy('captured_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('faces')
    .set({
      last_seen_at: newest?.captured_at ?? null,
      last_seen_camera_uuid: newest?.camera_uuid ?? null,
      last_seen_detection_id: newest?.runtime_face_uuid ?? null,
    })
    .where('uuid', '=', person)
    .execute();
}
