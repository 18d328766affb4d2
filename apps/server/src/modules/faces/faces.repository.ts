import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { FaceDetectionRow, FaceRow, NewFaceDetection } from '../../db/schema.js';

/** The start of the faces registry: people (residents with elopement_risk) and the faces detectors saw. */
export class FacesRepository {
  constructor(private readonly db: Db) {}

  async upsertPerson(row: FaceRow): Promise<void> {
    await this.db
      .insertInto('faces')
      .values(row)
      .onConflict((oc) => oc.column('uuid').doNothing())
      .execute();
  }

  person(uuid: string): Promise<FaceRow | undefined> {
    return this.db.selectFrom('faces').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  /** The people among `uuids` that belong to the domain. */
  peopleIn(db: Executor, domain: string, uuids: string[]): Promise<FaceRow[]> {
    return chunked(uuids, (slice) =>
      db.selectFrom('faces').selectAll().where('domain_uuid', '=', domain).where('uuid', 'in', slice).execute(),
    );
  }

  async knownDetections(trx: Trx, ids: string[]): Promise<Set<string>> {
    const rows = await chunked(ids, (slice) =>
      trx.selectFrom('face_detections').select('runtime_face_uuid').where('runtime_face_uuid', 'in', slice).execute(),
    );
    return new Set(rows.map((r) => r.runtime_face_uuid));
  }

  async insertDetections(trx: Trx, rows: NewFaceDetection[]): Promise<void> {
    await eachChunk(rows, (slice) => trx.insertInto('face_detections').values(slice).execute());
  }

  detection(runtimeFaceUuid: string): Promise<FaceDetectionRow | undefined> {
    return this.db.selectFrom('face_detections').selectAll().where('runtime_face_uuid', '=', runtimeFaceUuid).executeTakeFirst();
  }

  /** The person a detection is matched to, if any. */
  async matchOf(db: Executor, runtimeFaceUuid: string): Promise<string | null> {
    const row = await db
      .selectFrom('face_detections')
      .select('frontend_face_uuid')
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .executeTakeFirst();
    return row?.frontend_face_uuid ?? null;
  }

  /** A reviewer's word on a detection's match: the person it shows, confirmed (1), wrong (0) or undone (null). */
  async setMatch(trx: Trx, runtimeFaceUuid: string, review: { person: string; confirmed: number | null; by: string; at: number }) {
    await trx
      .updateTable('face_detections')
      .set({ frontend_face_uuid: review.person, match_confirmed: review.confirmed, reviewed_by: review.by, reviewed_at: review.at })
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .execute();
  }

  /** 'Not a Face' (0) or taking it back (null or 1). */
  async setIsFace(trx: Trx, runtimeFaceUuid: string, review: { isFace: number | null; by: string; at: number }) {
    await trx
      .updateTable('face_detections')
      .set({ is_face: review.isFace, reviewed_by: review.by, reviewed_at: review.at })
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .execute();
  }
}
