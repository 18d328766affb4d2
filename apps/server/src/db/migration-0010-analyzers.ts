import type { Kysely, Migration } from 'kysely';

/** Analyzers: deployment keys, analyzer processes, their camera leases and reports, and what training needs of a face. */
export const analyzersMigration: Migration = {
  async up(db: Kysely<any>) {
    // A deployment key lets one analyzer serve every building (and the buildings onboarded later); in each building
    // it acts through a detector row of its own, so events and faces still name who sent them.
    await db.schema
      .createTable('deployment_keys')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .alterTable('detectors')
      .addColumn('deployment_key_id', 'varchar(36)', (c) => c.references('deployment_keys.id').onDelete('cascade'))
      .execute();
    // Analyzer processes, as they last reported; a camera is theirs while its lease lives.
    await db.schema
      .createTable('analyzers')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('analyzer_leases')
      .addColumn('camera_uuid', 'varchar(36)', (c) => c.primaryKey().references('cameras.uuid').onDelete('cascade'))
      .addColumn('analyzer_id', 'varchar(36)', (c) => c.notNull().references('analyzers.id').onDelete('cascade'))
      .addColumn('lease_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('acquired_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    // The latest report of each camera's analysis (kept after the lease ends: it says when it was last analysed).
    await db.schema
      .createTable('camera_analysis')
      .addColumn('camera_uuid', 'varchar(36)', (c) => c.primaryKey().references('cameras.uuid').onDelete('cascade'))
      .addColumn('analyzer_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('report', 'text', (c) => c.notNull())
      .addColumn('reported_at', 'bigint', (c) => c.notNull())
      .execute();
    // What the training tool needs of a face: the detector's confidence, its size, the candidates and the embedding.
    for (const [column, type] of [
      ['face_confidence', 'real'],
      ['face_height', 'integer'],
      ['candidates', 'text'],
      ['embedding', 'text'],
    ] as const)
      await db.schema.alterTable('face_detections').addColumn(column, type).execute();
  },
};
