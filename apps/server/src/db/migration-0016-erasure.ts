import { sql, type Kysely, type Migration } from 'kysely';

const COLUMNS = [
  'alert_id',
  'domain_uuid',
  'camera_uuid',
  'runtime_face_uuid',
  'frontend_face_uuid',
  'event_ts',
  'description',
  'dismissed_at',
  'dismissed_by',
  'dismissed_via',
  'dismissed_from',
  'created_at',
];

/**
 * Erasing a person (issue 27): an elopement alert keeps the fact (time, camera, dismissal) without the face. Its
 * person and detection become optional, and deleting either no longer deletes the alert: the reference is cleared
 * (ON DELETE SET NULL) instead of cascading. Neither SQLite nor a portable schema builder can change a column's
 * constraints in place, so the table is made again under a new name, filled, and renamed (nothing references it).
 */
export const erasureMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('elopement_alerts_0016')
      .addColumn('alert_id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('domain_uuid', 'varchar(36)', (c) => c.notNull().references('domains.uuid').onDelete('cascade'))
      .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
      .addColumn('runtime_face_uuid', 'varchar(36)', (c) => c.unique().references('face_detections.runtime_face_uuid').onDelete('set null'))
      .addColumn('frontend_face_uuid', 'varchar(36)', (c) => c.references('faces.uuid').onDelete('set null'))
      .addColumn('event_ts', 'bigint', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('dismissed_at', 'bigint')
      .addColumn('dismissed_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('dismissed_via', 'varchar(8)')
      .addColumn('dismissed_from', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
    await sql`insert into elopement_alerts_0016 (${columns}) select ${columns} from elopement_alerts`.execute(db);
    await db.schema.dropTable('elopement_alerts').execute();
    await db.schema.alterTable('elopement_alerts_0016').renameTo('elopement_alerts').execute();
    await db.schema.createIndex('elopement_alerts_domain_time').on('elopement_alerts').columns(['domain_uuid', 'event_ts']).execute();
    // The repeat window's look-up (a person at a camera since a time) and an erasure's (a person's alerts).
    await db.schema
      .createIndex('elopement_alerts_person_camera_time')
      .on('elopement_alerts')
      .columns(['frontend_face_uuid', 'camera_uuid', 'event_ts'])
      .execute();
  },
};
