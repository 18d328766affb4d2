import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, FaceDetectionRow, FaceRow, NewFaceDetection } from '../../db/schema.js';
import { RegistryRepository } from './registry.repository.js';

const CHUNK = 500;

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

  /** The people among `uuids` that belong to the domain (db: a transaction when called from one). */
  async peopleIn(db: Db | Transaction<Database>, domain: string, uuids: string[]): Promise<FaceRow[]> {
    const out: FaceRow[] = [];
    for (let i = 0; i < uuids.length; i += CHUNK) {
      out.push(
        ...(await db
          .selectFrom('faces')
          .selectAll()
          .where('domain_uuid', '=', domain)
          .where('uuid', 'in', uuids.slice(i, i + CHUNK))
          .execute()),
      );
    }
    return out;
  }

  async knownDetections(trx: Transaction<Database>, ids: string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await trx
        .selectFrom('face_detections')
        .select('runtime_face_uuid')
        .where('runtime_face_uuid', 'in', ids.slice(i, i + CHUNK))
        .execute();
      for (const r of rows) known.add(r.runtime_face_uuid);
    }
    return known;
  }

  async insertDetections(trx: Transaction<Database>, rows: NewFaceDetection[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('face_detections')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  }

  detection(runtimeFaceUuid: string): Promise<FaceDetectionRow | undefined> {
    return this.db.selectFrom('face_detections').selectAll().where('runtime_face_uuid', '=', runtimeFaceUuid).executeTakeFirst();
  }

  /** A reviewer's word on a detection's match; the last seen of whoever it was and is now matched to follows. */
  async reviewMatch(runtimeFaceUuid: string, person: string, confirmed: number | null, by: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('face_detections')
        .select('frontend_face_uuid')
        .where('runtime_face_uuid', '=', runtimeFaceUuid)
        .executeTakeFirst();
      await trx
        .updateTable('face_detections')
        .set({ frontend_face_uuid: person, match_confirmed: confirmed, reviewed_by: by, reviewed_at: at })
        .where('runtime_face_uuid', '=', runtimeFaceUuid)
        .execute();
      for (const who of new Set([before?.frontend_face_uuid, person])) if (who) await RegistryRepository.recomputeLastSeen(trx, who);
    });
  }

  /** 'Not a Face' or taking it back; the matched person's last seen follows. */
  async reviewIsFace(runtimeFaceUuid: string, isFace: number | null, by: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('face_detections')
        .set({ is_face: isFace, reviewed_by: by, reviewed_at: at })
        .where('runtime_face_uuid', '=', runtimeFaceUuid)
        .execute();
      const detection = await trx
        .selectFrom('face_detections')
        .select('frontend_face_uuid')
        .where('runtime_face_uuid', '=', runtimeFaceUuid)
        .executeTakeFirst();
      if (detection?.frontend_face_uuid) await RegistryRepository.recomputeLastSeen(trx, detection.frontend_face_uuid);
    });
  }
}
