import { bytes8, finderCode } from '@vigil/contract';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The match finder's index (part 2 §2 match finder, over a building's whole history): each embedding's 256-bit code
 * (`finderCode`) and 8-bit copy (`bytes8`) with the facts a search filters by, numbered in the order they arrived so a server reads on from the
 * last one it holds. The codes of the embeddings already stored are made here.
 */
export const finderCodesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('face_embedding_codes')
      .addColumn('seq', isPostgres(db) ? 'bigserial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('runtime_face_uuid', 'varchar(36)', (c) =>
        c.notNull().unique().references('face_detections.runtime_face_uuid').onDelete('cascade'),
      )
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('embedder', 'varchar(64)', (c) => c.notNull())
      .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('captured_at', 'bigint', (c) => c.notNull())
      .addColumn('code', isPostgres(db) ? sql`bytea` : sql`blob`, (c) => c.notNull())
      // the embedding in 8-bit numbers (bytes8): what the exact pass compares, a quarter of face_embeddings' bytes
      .addColumn('vector8', isPostgres(db) ? sql`bytea` : sql`blob`, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('face_embedding_codes_domain_seq')
      .on('face_embedding_codes')
      .columns(['domain_uuid', 'embedder', 'seq'])
      .execute();

    // In the order they were captured, a thousand at a time (an old building has a million).
    let after: { at: number; id: string } | null = null;
    for (;;) {
      let query = db
        .selectFrom('face_embeddings')
        .innerJoin('face_detections', 'face_detections.runtime_face_uuid', 'face_embeddings.runtime_face_uuid')
        .select([
          'face_embeddings.runtime_face_uuid as runtime_face_uuid',
          'face_embeddings.embedder as embedder',
          'face_embeddings.vector as vector',
          'face_detections.domain_uuid as domain_uuid',
          'face_detections.camera_uuid as camera_uuid',
          'face_detections.captured_at as captured_at',
        ]);
      if (after) {
        const { at, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('face_detections.captured_at', '>', at),
            eb.and([eb('face_detections.captured_at', '=', at), eb('face_embeddings.runtime_face_uuid', '>', id)]),
          ]),
        );
      }
      const rows = (await query
        .orderBy('face_detections.captured_at')
        .orderBy('face_embeddings.runtime_face_uuid')
        .limit(1000)
        .execute()) as {
        runtime_face_uuid: string;
        embedder: string;
        vector: Uint8Array;
        domain_uuid: string;
        camera_uuid: string;
        captured_at: number | string;
      }[];
      if (rows.length === 0) break;
      await db
        .insertInto('face_embedding_codes')
        .values(
          rows.map((r) => {
            const bytes = Buffer.from(r.vector);
            const vector = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
            return {
              runtime_face_uuid: r.runtime_face_uuid,
              domain_uuid: r.domain_uuid,
              embedder: r.embedder,
              camera_uuid: r.camera_uuid,
              captured_at: Number(r.captured_at),
              code: Buffer.from(finderCode(vector).buffer),
              vector8: Buffer.from(bytes8(vector).buffer),
            };
          }),
        )
        .execute();
      const last = rows[rows.length - 1]!;
      after = { at: Number(last.captured_at), id: last.runtime_face_uuid };
    }
  },
};
