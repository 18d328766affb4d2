import { chunked, eachChunk } from '../../db/chunked.js';
import type { Executor, Trx } from '../../db/database.js';
import type { FaceImageRow, FaceRow } from '../../db/schema.js';

/** A detection that is the person's own face (the analyzer's match nobody overruled, or a reviewer's confirmation). */
export interface OwnDetection {
  runtime_face_uuid: string;
  camera_uuid: string;
  captured_at: number;
  confidence: number;
  match_confirmed: number | null;
  is_face: number | null;
}

export interface ConsentRow {
  state: string;
  given_by: string;
  representative: string | null;
  purposes: string;
  note: string | null;
  recorded_by: string;
  recorded_at: number;
}

/**
 * Everything the faces area holds of one person, gathered and (in an erasure's transaction) deleted: the registry row,
 * photos and their embeddings, consent answers, the detections that are their face with what hangs on them (reviews,
 * candidates, embeddings, the match finder's codes), and the other detections that merely name them.
 */
export class PersonDataRepository {
  person(db: Executor, uuid: string): Promise<FaceRow | undefined> {
    return db.selectFrom('faces').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  photos(db: Executor, person: string): Promise<FaceImageRow[]> {
    return db.selectFrom('face_images').selectAll().where('face_uuid', '=', person).orderBy('orientation').execute();
  }

  async photoEmbeddings(db: Executor, photos: readonly string[]): Promise<number> {
    const rows = await chunked(photos, (slice) =>
      db.selectFrom('face_photo_embeddings').select('image_uuid').where('image_uuid', 'in', slice).execute(),
    );
    return rows.length;
  }

  /** Their own detections, newest first: matched to them and not marked as someone else (match_confirmed 0). */
  ownDetections(db: Executor, person: string): Promise<OwnDetection[]> {
    return db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'camera_uuid', 'captured_at', 'confidence', 'match_confirmed', 'is_face'])
      .where('frontend_face_uuid', '=', person)
      .where((eb) => eb.or([eb('match_confirmed', 'is', null), eb('match_confirmed', '<>', 0)]))
      .orderBy('captured_at', 'desc')
      .orderBy('runtime_face_uuid', 'desc')
      .execute();
  }

  /**
   * Of these detections (faces confirmed for their badges at taps), those that are theirs: all but the ones a reviewer
   * confirmed as someone else. Each counts as confirmed as them.
   */
  async verifiedFor(db: Executor, person: string, detections: readonly string[]): Promise<OwnDetection[]> {
    const rows = await chunked(detections, (slice) =>
      db
        .selectFrom('face_detections')
        .select(['runtime_face_uuid', 'camera_uuid', 'captured_at', 'confidence', 'match_confirmed', 'is_face'])
        .where('runtime_face_uuid', 'in', slice)
        .where((eb) => eb.or([eb('match_confirmed', 'is', null), eb('match_confirmed', '<>', 1), eb('frontend_face_uuid', '=', person)]))
        .execute(),
    );
    return rows.map((r) => ({ ...r, match_confirmed: 1 }));
  }

  /**
   * Other detections that name them (someone else's face): as a candidate, as a match a reviewer rejected, as the
   * analyzer's guess a reviewer changed, or as the visitor made from it. `own` are left out.
   */
  async namingDetections(db: Executor, person: string, own: ReadonlySet<string>): Promise<string[]> {
    const candidates = await db
      .selectFrom('face_detection_candidates')
      .select('runtime_face_uuid')
      .where('frontend_face_uuid', '=', person)
      .execute();
    const named = await db
      .selectFrom('face_detections')
      .select('runtime_face_uuid')
      .where((eb) =>
        eb.or([eb('frontend_face_uuid', '=', person), eb('analyzer_face_uuid', '=', person), eb('visitor_face_uuid', '=', person)]),
      )
      .execute();
    return [...new Set([...candidates, ...named].map((r) => r.runtime_face_uuid))].filter((id) => !own.has(id));
  }

  async embeddings(db: Executor, detections: readonly string[]): Promise<number> {
    const rows = await chunked(detections, (slice) =>
      db.selectFrom('face_embeddings').select('runtime_face_uuid').where('runtime_face_uuid', 'in', slice).execute(),
    );
    return rows.length;
  }

  /** The match finder's codes of these detections: their place (seq) in each embedder's index. */
  async codes(db: Executor, detections: readonly string[]): Promise<Map<string, number[]>> {
    const rows = await chunked(detections, (slice) =>
      db.selectFrom('face_embedding_codes').select(['seq', 'embedder']).where('runtime_face_uuid', 'in', slice).execute(),
    );
    const out = new Map<string, number[]>();
    for (const r of rows) out.set(r.embedder, [...(out.get(r.embedder) ?? []), Number(r.seq)]);
    return out;
  }

  /** Review answers about these detections, or naming the person on any other. */
  async reviews(db: Executor, person: string, detections: readonly string[]): Promise<number> {
    const about = await chunked(detections, (slice) =>
      db.selectFrom('face_reviews').select('seq').where('runtime_face_uuid', 'in', slice).execute(),
    );
    const naming = await db
      .selectFrom('face_reviews')
      .select(['seq', 'runtime_face_uuid'])
      .where('frontend_face_uuid', '=', person)
      .execute();
    const ids = new Set(detections);
    return about.length + naming.filter((r) => !ids.has(r.runtime_face_uuid)).length;
  }

  consents(db: Executor, person: string): Promise<ConsentRow[]> {
    return db
      .selectFrom('face_consents')
      .select(['state', 'given_by', 'representative', 'purposes', 'note', 'recorded_by', 'recorded_at'])
      .where('face_uuid', '=', person)
      .orderBy('seq')
      .execute();
  }

  /** Deletes the person's own detections and what hangs on them (their alerts were dealt with first, by alerts). */
  async deleteDetections(trx: Trx, detections: readonly string[]): Promise<void> {
    await eachChunk(detections, async (slice) => {
      // The foreign keys would cascade; deleted by name so that nothing depends on the engine's settings.
      await trx.deleteFrom('face_reviews').where('runtime_face_uuid', 'in', slice).execute();
      await trx.deleteFrom('face_detection_candidates').where('runtime_face_uuid', 'in', slice).execute();
      await trx.deleteFrom('face_embedding_codes').where('runtime_face_uuid', 'in', slice).execute();
      await trx.deleteFrom('face_embeddings').where('runtime_face_uuid', 'in', slice).execute();
      await trx.deleteFrom('face_detections').where('runtime_face_uuid', 'in', slice).execute();
    });
  }

  /**
   * Other people's detections stop naming the person: their candidates without them (ranks closed up), a rejected
   * match of theirs or the analyzer's guess cleared, the visitor link cleared, and every review answer naming them gone.
   */
  async unname(trx: Trx, person: string, detections: readonly string[]): Promise<void> {
    await eachChunk(detections, async (slice) => {
      const rows = await trx
        .selectFrom('face_detections')
        .select(['runtime_face_uuid', 'candidates'])
        .where('runtime_face_uuid', 'in', slice)
        .execute();
      await trx.deleteFrom('face_detection_candidates').where('runtime_face_uuid', 'in', slice).execute();
      for (const row of rows) {
        const kept = row.candidates
          ? (JSON.parse(row.candidates) as { frontend_face_uuid: string; confidence: number }[]).filter(
              (c) => c.frontend_face_uuid !== person,
            )
          : [];
        await trx
          .updateTable('face_detections')
          .set({ candidates: kept.length > 0 ? JSON.stringify(kept) : null })
          .where('runtime_face_uuid', '=', row.runtime_face_uuid)
          .execute();
        if (kept.length > 0)
          await trx
            .insertInto('face_detection_candidates')
            .values(
              kept.map((c, rank) => ({
                runtime_face_uuid: row.runtime_face_uuid,
                frontend_face_uuid: c.frontend_face_uuid,
                rank,
                confidence: c.confidence,
              })),
            )
            .execute();
      }
      await trx
        .updateTable('face_detections')
        .set({ frontend_face_uuid: null, match_confirmed: null })
        .where('runtime_face_uuid', 'in', slice)
        .where('frontend_face_uuid', '=', person)
        .execute();
      await trx
        .updateTable('face_detections')
        .set({ analyzer_face_uuid: null })
        .where('runtime_face_uuid', 'in', slice)
        .where('analyzer_face_uuid', '=', person)
        .execute();
      await trx
        .updateTable('face_detections')
        .set({ visitor_face_uuid: null })
        .where('runtime_face_uuid', 'in', slice)
        .where('visitor_face_uuid', '=', person)
        .execute();
    });
    await trx.deleteFrom('face_reviews').where('frontend_face_uuid', '=', person).execute();
  }

  /** The registry's part: photos and their embeddings, consent answers, and the person's row itself. */
  async deletePerson(trx: Trx, person: string, photos: readonly string[]): Promise<void> {
    await eachChunk(photos, (slice) => trx.deleteFrom('face_photo_embeddings').where('image_uuid', 'in', slice).execute());
    await trx.deleteFrom('face_images').where('face_uuid', '=', person).execute();
    await trx.deleteFrom('face_consents').where('face_uuid', '=', person).execute();
    await trx.deleteFrom('faces').where('uuid', '=', person).execute();
  }
}
