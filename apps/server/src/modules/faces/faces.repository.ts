import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import { bytes8, finderCode, type MatchAnswer } from '@vigil/contract';
import { floats } from '../../db/vectors.js';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, DetectionRecord, FaceDetectionRow, NewFaceReview, FaceRow } from '../../db/schema.js';

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

  /** Which of `uuids` name a person of any building (deleted ones included). */
  async existing(db: Executor, uuids: string[]): Promise<Set<string>> {
    const rows = await chunked(uuids, (slice) => db.selectFrom('faces').select('uuid').where('uuid', 'in', slice).execute());
    return new Set(rows.map((r) => r.uuid));
  }

  /** Which of these detections exist already, with the detector that sent each. */
  async knownDetections(db: Executor, ids: readonly string[]): Promise<Map<string, string | null>> {
    const rows = await chunked(ids, (slice) =>
      db.selectFrom('face_detections').select(['runtime_face_uuid', 'detector_id']).where('runtime_face_uuid', 'in', slice).execute(),
    );
    return new Map(rows.map((r) => [r.runtime_face_uuid, r.detector_id]));
  }

  /** Detections with their searchable candidates and their embeddings (a side table of raw float32 bytes). */
  async insertDetections(trx: Trx, records: DetectionRecord[]): Promise<void> {
    const rows = records.map(({ embedding: _embedding, ...row }) => row);
    await eachChunk(rows, (slice) => trx.insertInto('face_detections').values(slice).execute());
    const candidates = records.flatMap((r) =>
      r.candidates
        ? (JSON.parse(r.candidates) as { frontend_face_uuid: string; confidence: number }[]).map((c, rank) => ({
            runtime_face_uuid: r.runtime_face_uuid,
            frontend_face_uuid: c.frontend_face_uuid,
            rank,
            confidence: c.confidence,
          }))
        : [],
    );
    await eachChunk(candidates, (slice) => trx.insertInto('face_detection_candidates').values(slice).execute());
    const embeddings = records.flatMap((r) =>
      r.embedding && r.embedder
        ? [{ runtime_face_uuid: r.runtime_face_uuid, embedder: r.embedder, dims: r.embedding.length / 4, vector: r.embedding }]
        : [],
    );
    await eachChunk(embeddings, (slice) => trx.insertInto('face_embeddings').values(slice).execute(), 100);
    // The match finder's index: each embedding's short code, with what a search filters by.
    const codes = records.flatMap((r) => {
      if (!r.embedding || !r.embedder) return [];
      const vector = floats(r.embedding);
      return [
        {
          runtime_face_uuid: r.runtime_face_uuid,
          domain_uuid: r.domain_uuid,
          embedder: r.embedder,
          camera_uuid: r.camera_uuid,
          captured_at: r.captured_at,
          code: Buffer.from(finderCode(vector).buffer),
          vector8: Buffer.from(bytes8(vector).buffer),
        },
      ];
    });
    await eachChunk(codes, (slice) => trx.insertInto('face_embedding_codes').values(slice).execute());
  }

  /** A detection's embedding: its embedder and numbers. */
  async embedding(runtimeFaceUuid: string): Promise<{ embedder: string; vector: Float32Array } | undefined> {
    const row = await this.db
      .selectFrom('face_embeddings')
      .select(['embedder', 'vector'])
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .executeTakeFirst();
    if (!row) return undefined;
    const bytes = Buffer.from(row.vector);
    return { embedder: row.embedder, vector: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4) };
  }

  /** The people of a building whose card number is among `cards` (not deleted). */
  async byCards(domain: string, cards: readonly string[]): Promise<{ uuid: string; card: string }[]> {
    const rows = await chunked(cards, (slice) =>
      this.db
        .selectFrom('faces')
        .select(['uuid', 'card'])
        .where('domain_uuid', '=', domain)
        .where('card', 'in', slice)
        .where('removed_at', 'is', null)
        .execute(),
    );
    return rows.map((r) => ({ uuid: r.uuid, card: r.card! }));
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

  /** The detections among `ids` with what the analyzer said of them, locked for the caller's review. */
  reviewed(
    trx: Trx,
    ids: string[],
  ): Promise<Pick<FaceDetectionRow, 'runtime_face_uuid' | 'domain_uuid' | 'frontend_face_uuid' | 'analyzer_face_uuid'>[]> {
    return chunked(ids, (slice) =>
      trx
        .selectFrom('face_detections')
        .select(['runtime_face_uuid', 'domain_uuid', 'frontend_face_uuid', 'analyzer_face_uuid'])
        .where('runtime_face_uuid', 'in', slice)
        .execute(),
    );
  }

  /** Appends answers to the review log (never changed afterwards). */
  async logReviews(trx: Trx, rows: NewFaceReview[]): Promise<void> {
    await eachChunk(rows, (slice) => trx.insertInto('face_reviews').values(slice).execute());
  }

  /** Every match answer given about the detections, oldest first. */
  async matchAnswers(trx: Trx, ids: string[]): Promise<Map<string, MatchAnswer[]>> {
    const rows = await chunked(ids, (slice) =>
      trx
        .selectFrom('face_reviews')
        .select(['runtime_face_uuid', 'frontend_face_uuid', 'answer', 'reviewed_at'])
        .where('kind', '=', 'match')
        .where('runtime_face_uuid', 'in', slice)
        .orderBy('reviewed_at')
        .orderBy('seq')
        .execute(),
    );
    const answers = new Map<string, MatchAnswer[]>();
    for (const r of rows) {
      const list = answers.get(r.runtime_face_uuid) ?? [];
      list.push({ person: r.frontend_face_uuid!, answer: r.answer === null ? null : r.answer === 1, at: r.reviewed_at });
      answers.set(r.runtime_face_uuid, list);
    }
    return answers;
  }

  /** The match after people's answers (see contract effectiveMatch), with who answered last and when. */
  async setMatch(
    trx: Trx,
    runtimeFaceUuid: string,
    match: { person: string | null; confirmed: number | null; by: string; at: number },
  ): Promise<void> {
    await trx
      .updateTable('face_detections')
      .set({ frontend_face_uuid: match.person, match_confirmed: match.confirmed, reviewed_by: match.by, reviewed_at: match.at })
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

  /** Links the detection to the visitor made from it; false when it has one already. */
  async setVisitor(trx: Trx, runtimeFaceUuid: string, visitor: string): Promise<boolean> {
    const result = await trx
      .updateTable('face_detections')
      .set({ visitor_face_uuid: visitor })
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .where('visitor_face_uuid', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** People by id, deleted ones included. */
  peopleByIds(uuids: readonly string[]): Promise<FaceRow[]> {
    return chunked([...uuids], (slice) => this.db.selectFrom('faces').selectAll().where('uuid', 'in', slice).execute());
  }

  /** Embeddings of the building's registry photos, per embedder; photos not of the building, or of `excluded` people, are skipped. */
  async storePhotoEmbeddings(
    db: Executor,
    domain: string,
    embedder: string,
    rows: { image_uuid: string; vector: Buffer }[],
    at: number,
    excluded: ReadonlySet<string> = new Set(),
  ): Promise<number> {
    const ours = await chunked(
      rows.map((r) => r.image_uuid),
      (slice) =>
        db
          .selectFrom('face_images')
          .innerJoin('faces', 'faces.uuid', 'face_images.face_uuid')
          .select(['face_images.uuid', 'face_images.face_uuid'])
          .where('faces.domain_uuid', '=', domain)
          .where('face_images.uuid', 'in', slice)
          .execute(),
    );
    const allowed = new Set(ours.filter((r) => !excluded.has(r.face_uuid)).map((r) => r.uuid));
    const values = rows
      .filter((r) => allowed.has(r.image_uuid))
      .map((r) => ({ image_uuid: r.image_uuid, embedder, dims: r.vector.length / 4, vector: r.vector, created_at: at }));
    if (values.length === 0) return 0;
    const result = await db
      .insertInto('face_photo_embeddings')
      .values(values)
      .onConflict((oc) => oc.columns(['image_uuid', 'embedder']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * Retention: deletes up to `limit` of a building's detections of one period (contract detectionCategory) captured
   * before `before`, oldest first, except those an open elopement alert names; their candidates, answers, embeddings
   * and finder codes go with them (ON DELETE CASCADE). The rows are picked by their period's partial index (0017),
   * then deleted by primary key with the answer and the open alert checked again in the DELETE itself: a detection
   * answered or alerted on meanwhile stays, and a second sweep at the same time deletes what the first did not. (The
   * ids go in as a list, not a subquery: both planners then look each one up by key, where a subquery let SQLite walk
   * the period's whole index and PostgreSQL scan the table for every batch.) Returns the detections deleted.
   */
  async deleteExpired(trx: Trx, domain: string, category: DetectionCategory, before: number, limit: number): Promise<string[]> {
    const picked = await trx
      .selectFrom('face_detections')
      .select('runtime_face_uuid')
      .where('domain_uuid', '=', domain)
      .where('captured_at', '<', before)
      .where((eb) => eb.and([...inCategory(eb, category), notInOpenAlert(eb)]))
      .orderBy('captured_at')
      .limit(limit)
      .execute();
    if (picked.length === 0) return [];
    const rows = await trx
      .deleteFrom('face_detections')
      .where(
        'runtime_face_uuid',
        'in',
        picked.map((r) => r.runtime_face_uuid),
      )
      // Written so no index serves them: the key is the one way in.
      .where((eb) => eb.and([...stillInCategory(eb, category), notInOpenAlert(eb)]))
      .returning('runtime_face_uuid')
      .execute();
    return rows.map((r) => r.runtime_face_uuid);
  }

  /** The people whose last sighting is one of these detections (deleted: their last seen is found again). */
  async lastSeenOn(trx: Trx, detections: readonly string[]): Promise<string[]> {
    const rows = await chunked(detections, (slice) =>
      trx.selectFrom('faces').select('uuid').where('last_seen_detection_id', 'in', slice).execute(),
    );
    return rows.map((r) => r.uuid);
  }

  /** How many detections of one period a building holds (an index count), and the oldest one's time (the index's first). */
  async held(domain: string, category: DetectionCategory): Promise<{ count: number; oldest: number | null }> {
    const inIt = (eb: Faces) => eb.and([eb('domain_uuid', '=', domain), ...inCategory(eb, category)]);
    const count = await this.db
      .selectFrom('face_detections')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(inIt)
      .executeTakeFirstOrThrow();
    const oldest = await this.db
      .selectFrom('face_detections')
      .select('captured_at')
      .where(inIt)
      .orderBy('captured_at')
      .limit(1)
      .executeTakeFirst();
    return { count: Number(count.count), oldest: oldest ? Number(oldest.captured_at) : null };
  }
}

export type DetectionCategory = 'strangers' | 'detections' | 'confirmed';

type Faces = ExpressionBuilder<Database, 'face_detections'>;

const notInOpenAlert = (eb: Faces) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('elopement_alerts')
        .select('alert_id')
        .whereRef('elopement_alerts.runtime_face_uuid', '=', 'face_detections.runtime_face_uuid')
        .where('elopement_alerts.dismissed_at', 'is', null),
    ),
  );

/** The same as inCategory, as expressions no index serves (the DELETE's check again, by primary key). */
function stillInCategory(eb: Faces, category: DetectionCategory) {
  const answered = eb(eb.fn.coalesce('match_confirmed', sql.lit(-1)), category === 'confirmed' ? '<>' : '=', sql.lit(-1));
  if (category === 'confirmed') return [answered];
  return [answered, eb(eb.fn.coalesce('frontend_face_uuid', sql.lit('')), category === 'strangers' ? '=' : '<>', sql.lit(''))];
}

/** A period's detections as SQL, the contract's detectionCategory written as each partial index of migration 0017 is. */
function inCategory(eb: Faces, category: DetectionCategory) {
  if (category === 'confirmed') return [eb('match_confirmed', 'is not', null)];
  return [eb('match_confirmed', 'is', null), eb('frontend_face_uuid', category === 'strangers' ? 'is' : 'is not', null)];
}
