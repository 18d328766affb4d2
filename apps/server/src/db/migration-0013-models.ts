import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const bytesType = (db: Kysely<any>) => (isPostgres(db) ? sql`bytea` : sql`blob`);

/**
 * Models (part 2 §2 model management, §3 Model, Model identity): a building's recognizer trained from its registry
 * photos and confirmed faces, with the figures measured on held-out tags; which model each building has loaded; the
 * registry photos' embeddings, kept per embedder; the review list's index of what arrived since a moment.
 */
export const modelsMigration: Migration = {
  async up(db: Kysely<any>) {
    // 'Have N new results': detections of a building that arrived after the list's first page.
    await db.schema.createIndex('face_detections_domain_created').on('face_detections').columns(['domain_uuid', 'created_at']).execute();

    // A registry photo's embedding, per embedder (analyzers send them as they embed the gallery).
    await db.schema
      .createTable('face_photo_embeddings')
      .addColumn('image_uuid', 'varchar(36)', (c) => c.notNull().references('face_images.uuid').onDelete('cascade'))
      .addColumn('embedder', 'varchar(64)', (c) => c.notNull())
      .addColumn('dims', 'integer', (c) => c.notNull())
      .addColumn('vector', bytesType(db), (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('face_photo_embeddings_pk', ['image_uuid', 'embedder'])
      .execute();

    await db.schema
      .createTable('face_models')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      // YYYY-MM-DD-HH-mm-ss UTC, unique per building
      .addColumn('label', 'varchar(19)', (c) => c.notNull())
      // 'training' | 'ready' | 'failed'
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('message', 'text')
      .addColumn('embedder', 'varchar(64)')
      .addColumn('created_by', 'varchar(36)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      // the split's seed, recorded with the held-out tags (JSON of runtime face ids) so the figures can be checked again
      .addColumn('seed', 'bigint', (c) => c.notNull())
      .addColumn('held_out', 'text')
      .addColumn('top1_accuracy', 'real')
      .addColumn('top5_accuracy', 'real')
      .addColumn('false_accept_rate', 'real')
      .addColumn('false_accept_rate_negatives', 'real')
      .addColumn('threshold', 'real')
      // the fitted calibration and the prototypes (JSON; vectors as base64 float32)
      .addColumn('calibration', 'text')
      .addColumn('prototypes', bytesType(db))
      .addColumn('num_identities', 'integer')
      .addColumn('num_tags_training', 'integer')
      .addColumn('num_tags_validation', 'integer')
      .addColumn('num_negatives', 'integer')
      .execute();
    await db.schema.createIndex('face_models_domain_label').on('face_models').columns(['domain_uuid', 'label']).unique().execute();

    await db.schema
      .createTable('face_model_identities')
      .addColumn('model_uuid', 'varchar(36)', (c) => c.notNull().references('face_models.uuid').onDelete('cascade'))
      .addColumn('frontend_face_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .addColumn('num_tags_training', 'integer', (c) => c.notNull())
      .addColumn('num_tags_validation', 'integer', (c) => c.notNull())
      .addColumn('f1_score', 'real')
      .addPrimaryKeyConstraint('face_model_identities_pk', ['model_uuid', 'frontend_face_uuid'])
      .execute();

    // The model each building has loaded (none: the registry photos alone, with the default calibration).
    await db.schema
      .createTable('domain_models')
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('model_uuid', 'varchar(36)', (c) => c.notNull().references('face_models.uuid'))
      .addColumn('loaded_at', 'bigint', (c) => c.notNull())
      .addColumn('loaded_by', 'varchar(36)', (c) => c.notNull())
      .execute();
  },
};
