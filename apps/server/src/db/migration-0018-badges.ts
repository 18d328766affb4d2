import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Badges and reports (issue 29).
 *
 * - `badge_identities`: who a credential belongs to (the access-control system's 16-character id), the registry person
 *   it is linked to (by card number), and its tap counters, kept by the tap evaluator so the badge list reads one row
 *   per identity instead of aggregating a million taps.
 * - `badge_credentials`, `access_points` (linked to the camera that sees the door), `access_events` (taps, idempotent on
 *   the sender's id, with what the evaluator found at the door), `badge_tags` (confirmed or rejected detections of a tap
 *   for an identity, with who and when).
 * - `reports`: generated tables (headers and rows as JSON); `retention_sweeps` row 'reports' schedules them once per
 *   cluster.
 */
export const badgesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('badge_identities')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
      .addColumn('identity_id', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('unit', 'text')
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('face_uuid', 'varchar(36)', (c) => c.references('faces.uuid').onDelete('set null'))
      .addColumn('taps', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('null_matched', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tags', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_tap_at', 'bigint')
      .addColumn('last_verified_at', 'bigint')
      .addColumn('last_verified_by', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('badge_identities_domain_id')
      .on('badge_identities')
      .columns(['domain_uuid', 'identity_id'])
      .unique()
      .execute();
    await db.schema.createIndex('badge_identities_domain_unit').on('badge_identities').columns(['domain_uuid', 'unit']).execute();

    await db.schema
      .createTable('badge_credentials')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
      .addColumn('identity_uuid', 'varchar(36)', (c) => c.notNull().references('badge_identities.uuid').onDelete('cascade'))
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('badge_credentials_domain_id')
      .on('badge_credentials')
      .columns(['domain_uuid', 'credential_id'])
      .unique()
      .execute();
    await db.schema.createIndex('badge_credentials_identity').on('badge_credentials').column('identity_uuid').execute();

    await db.schema
      .createTable('access_points')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('camera_uuid', 'varchar(36)', (c) => c.references('cameras.uuid').onDelete('set null'))
      .addColumn('window_before_ms', 'integer', (c) => c.notNull())
      .addColumn('window_after_ms', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('access_points_domain_id').on('access_points').columns(['domain_uuid', 'external_id']).unique().execute();

    await db.schema
      .createTable('access_events')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('detector_id', 'varchar(36)')
      .addColumn('access_point_uuid', 'varchar(36)', (c) => c.notNull().references('access_points.uuid').onDelete('cascade'))
      .addColumn('identity_uuid', 'varchar(36)', (c) => c.notNull().references('badge_identities.uuid').onDelete('cascade'))
      .addColumn('credential_uuid', 'varchar(36)', (c) => c.references('badge_credentials.uuid').onDelete('set null'))
      .addColumn('event_at', 'bigint', (c) => c.notNull())
      .addColumn('granted', 'integer', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      // What the evaluator found at the door (null until the tap's window has passed and it looked).
      .addColumn('evaluated_at', 'bigint')
      .addColumn('faces', 'integer')
      .addColumn('passages', 'integer')
      .addColumn('matched', 'integer')
      .addColumn('best_label', 'varchar(8)')
      .addColumn('shared_with', 'varchar(36)')
      .addColumn('door_face', 'varchar(36)')
      .addColumn('tailgate', 'integer')
      .execute();
    await db.schema.createIndex('access_events_domain_source').on('access_events').columns(['domain_uuid', 'source_id']).unique().execute();
    await db.schema.createIndex('access_events_identity_time').on('access_events').columns(['identity_uuid', 'event_at']).execute();
    await db.schema.createIndex('access_events_domain_time').on('access_events').columns(['domain_uuid', 'event_at']).execute();
    await db.schema.createIndex('access_events_point_time').on('access_events').columns(['access_point_uuid', 'event_at']).execute();
    // The taps the evaluator has yet to look at: a partial index, so finding them never walks the evaluated million.
    await db.schema
      .createIndex('access_events_unevaluated')
      .on('access_events')
      .columns(['domain_uuid', 'event_at'])
      .where(sql.ref('evaluated_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('badge_tags')
      .addColumn('access_event_uuid', 'varchar(36)', (c) => c.notNull().references('access_events.uuid').onDelete('cascade'))
      .addColumn('detection_id', 'varchar(36)', (c) => c.notNull().references('face_detections.runtime_face_uuid').onDelete('cascade'))
      .addColumn('identity_uuid', 'varchar(36)', (c) => c.notNull().references('badge_identities.uuid').onDelete('cascade'))
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull())
      .addColumn('rejected', 'integer', (c) => c.notNull())
      .addColumn('rejected_for', 'varchar(16)')
      .addColumn('verified_by', 'text')
      .addColumn('verified_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('badge_tags_pk', ['access_event_uuid', 'detection_id', 'identity_uuid'])
      .execute();
    await db.schema.createIndex('badge_tags_identity').on('badge_tags').columns(['identity_uuid', 'verified_at']).execute();
    await db.schema.createIndex('badge_tags_detection').on('badge_tags').column('detection_id').execute();

    await db.schema
      .createTable('reports')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('generated_at', 'bigint', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      .addColumn('generated_by', 'text')
      .addColumn('row_count', 'integer', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reports_domain_time').on('reports').columns(['domain_uuid', 'generated_at']).execute();
    await db.insertInto('retention_sweeps').values({ name: 'reports' }).execute();
  },
};
