import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
/** Bytes: PostgreSQL's bytea, SQLite's blob. */
const bytesType = (db: Kysely<any>) => (isPostgres(db) ? sql`bytea` : sql`blob`);

/**
 * Training (part 2): what the analyzer said about a detection kept apart from what people said, every answer a row of
 * a review log, embeddings in a side table of raw float32 bytes with the embedder that made them, and candidates a
 * person can be searched by.
 */
export const trainingMigration: Migration = {
  async up(db: Kysely<any>) {
    // The analyzer's match as it was sent; frontend_face_uuid / match_confirmed become the match after people's answers.
    await db.schema.alterTable('face_detections').addColumn('analyzer_face_uuid', 'varchar(36)').execute();
    await db.schema.alterTable('face_detections').addColumn('embedder', 'varchar(64)').execute();
    // Visitor: the regular_visitor made from this detection ('Visitor' in the training tool).
    await db.schema.alterTable('face_detections').addColumn('visitor_face_uuid', 'varchar(36)').execute();
    // Until now a review overwrote the analyzer's match: the best that is known of it is the match as it stands, or
    // nobody when a reviewer named the person (the top candidate then says what the analyzer thought).
    await db
      .updateTable('face_detections')
      .set({ analyzer_face_uuid: sql`frontend_face_uuid` })
      .where((eb) => eb.or([eb('match_confirmed', 'is', null), eb('match_confirmed', '=', 0)]))
      .execute();

    await db.schema
      .createTable('face_reviews')
      // The log's order: answers given in the same millisecond still count in the order they were given.
      .addColumn('seq', isPostgres(db) ? 'serial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('runtime_face_uuid', 'varchar(36)', (c) => c.notNull().references('face_detections.runtime_face_uuid').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      // 'match' (is this person: answer 1, 0 or null), 'face' (is a face: 1, 0 or null), 'visitor' (made a visitor)
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('frontend_face_uuid', 'varchar(36)')
      .addColumn('answer', 'integer')
      .addColumn('reviewed_by', 'varchar(36)', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('face_reviews_detection').on('face_reviews').columns(['runtime_face_uuid', 'reviewed_at']).execute();
    await db.schema.createIndex('face_reviews_domain_time').on('face_reviews').columns(['domain_uuid', 'reviewed_at']).execute();
    // The answers given so far become the log's first rows (one per reviewed detection: only the last was kept).
    const reviewed = await db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'domain_uuid', 'frontend_face_uuid', 'match_confirmed', 'is_face', 'reviewed_by', 'reviewed_at'])
      .where('reviewed_by', 'is not', null)
      .execute();
    for (const r of reviewed as {
      runtime_face_uuid: string;
      domain_uuid: string;
      frontend_face_uuid: string | null;
      match_confirmed: number | null;
      is_face: number | null;
      reviewed_by: string;
      reviewed_at: number;
    }[]) {
      const base = {
        runtime_face_uuid: r.runtime_face_uuid,
        domain_uuid: r.domain_uuid,
        reviewed_by: r.reviewed_by,
        reviewed_at: r.reviewed_at,
      };
      if (r.match_confirmed !== null && r.frontend_face_uuid !== null)
        await db
          .insertInto('face_reviews')
          .values({ ...base, kind: 'match', frontend_face_uuid: r.frontend_face_uuid, answer: r.match_confirmed })
          .execute();
      if (r.is_face !== null)
        await db
          .insertInto('face_reviews')
          .values({ ...base, kind: 'face', frontend_face_uuid: null, answer: r.is_face })
          .execute();
    }

    await db.schema
      .createTable('face_detection_candidates')
      .addColumn('runtime_face_uuid', 'varchar(36)', (c) => c.notNull().references('face_detections.runtime_face_uuid').onDelete('cascade'))
      .addColumn('frontend_face_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('confidence', 'real', (c) => c.notNull())
      .addPrimaryKeyConstraint('face_detection_candidates_pk', ['runtime_face_uuid', 'frontend_face_uuid'])
      .execute();
    await db.schema
      .createIndex('face_detection_candidates_person')
      .on('face_detection_candidates')
      .columns(['frontend_face_uuid', 'runtime_face_uuid'])
      .execute();
    const withCandidates = (await db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'candidates'])
      .where('candidates', 'is not', null)
      .execute()) as { runtime_face_uuid: string; candidates: string }[];
    for (const r of withCandidates) {
      const list = JSON.parse(r.candidates) as { frontend_face_uuid: string; confidence: number }[];
      const rows = list.map((c, rank) => ({
        runtime_face_uuid: r.runtime_face_uuid,
        frontend_face_uuid: c.frontend_face_uuid,
        rank,
        confidence: c.confidence,
      }));
      if (rows.length > 0)
        await db
          .insertInto('face_detection_candidates')
          .values(rows)
          .onConflict((oc) => oc.doNothing())
          .execute();
    }

    // Embeddings leave the detections table: raw little-endian float32 bytes, with the embedder that made them.
    await db.schema
      .createTable('face_embeddings')
      .addColumn('runtime_face_uuid', 'varchar(36)', (c) =>
        c.primaryKey().references('face_detections.runtime_face_uuid').onDelete('cascade'),
      )
      .addColumn('embedder', 'varchar(64)', (c) => c.notNull())
      .addColumn('dims', 'integer', (c) => c.notNull())
      .addColumn('vector', bytesType(db), (c) => c.notNull())
      .execute();
    const embedded = (await db
      .selectFrom('face_detections')
      .select(['runtime_face_uuid', 'embedding', 'detector_id'])
      .where('embedding', 'is not', null)
      .execute()) as { runtime_face_uuid: string; embedding: string; detector_id: string | null }[];
    for (const r of embedded) {
      const vector = Buffer.from(r.embedding, 'base64');
      // Sent before embedders were named: each detector's own, never mixed with another's.
      const embedder = r.detector_id ? `detector:${r.detector_id}` : 'unknown';
      await db
        .insertInto('face_embeddings')
        .values({ runtime_face_uuid: r.runtime_face_uuid, embedder, dims: vector.length / 4, vector })
        .execute();
      await db.updateTable('face_detections').set({ embedder }).where('runtime_face_uuid', '=', r.runtime_face_uuid).execute();
    }
    await db.schema.alterTable('face_detections').dropColumn('embedding').execute();

    // The match finder's search by camera and time (a building's by time is face_detections_domain_time, of 0005).
    await db.schema.createIndex('face_detections_camera_time').on('face_detections').columns(['camera_uuid', 'captured_at']).execute();
  },
};
