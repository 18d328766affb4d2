import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Retention (issue 27): where the sweep finds what is past its period, and when it last ran.
 *
 * - Three partial indexes split a building's face detections by the period they follow (contract detectionCategory):
 *   unmatched, matched and not answered, answered. Each sweep batch is then a range read of its own index (oldest
 *   first), never a scan past the rows another period keeps. Each detection is in exactly one of them.
 * - `retention_sweeps`: one row per sweep ('retention'), claimed by the node that runs it (a lease, so a cluster runs
 *   it once per period), with its last start, end and how much it deleted (the privacy page's "next sweep").
 */
export const retentionMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('face_detections_unmatched_time')
      .on('face_detections')
      .columns(['domain_uuid', 'captured_at'])
      .where(sql.ref('match_confirmed'), 'is', null)
      .where(sql.ref('frontend_face_uuid'), 'is', null)
      .execute();
    await db.schema
      .createIndex('face_detections_matched_time')
      .on('face_detections')
      .columns(['domain_uuid', 'captured_at'])
      .where(sql.ref('match_confirmed'), 'is', null)
      .where(sql.ref('frontend_face_uuid'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('face_detections_answered_time')
      .on('face_detections')
      .columns(['domain_uuid', 'captured_at'])
      .where(sql.ref('match_confirmed'), 'is not', null)
      .execute();

    await db.schema
      .createTable('retention_sweeps')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('lease_until', 'bigint')
      .addColumn('leased_by', 'varchar(64)')
      .addColumn('last_started_at', 'bigint')
      .addColumn('last_finished_at', 'bigint')
      .addColumn('last_deleted', 'bigint')
      .execute();
    await db.insertInto('retention_sweeps').values({ name: 'retention' }).execute();
  },
};
