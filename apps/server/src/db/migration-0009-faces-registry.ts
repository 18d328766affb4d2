import { sql, type Kysely, type Migration } from 'kysely';

/** The faces registry: units, wings, badges, photos, and each person's last sighting. */
export const facesRegistryMigration: Migration = {
  async up(db: Kysely<any>) {
    // The registry's remaining Face fields (part 2 §3), deletion that keeps history, and last seen kept up to date by
    // ingest (reading it from a million detections per list call would be too slow).
    for (const [column, type] of [
      ['unit', 'text'],
      ['wing', 'text'],
      ['card', 'text'],
      ['removed_at', 'bigint'],
      ['last_seen_at', 'bigint'],
      ['last_seen_camera_uuid', 'varchar(36)'],
      ['last_seen_detection_id', 'varchar(36)'],
    ] as const)
      await db.schema.alterTable('faces').addColumn(column, type).execute();
    await db.schema
      .createIndex('face_detections_person_time')
      .on('face_detections')
      .columns(['frontend_face_uuid', 'captured_at', 'runtime_face_uuid'])
      .execute();
    await db.schema
      .createIndex('face_detections_domain_confirmed')
      .on('face_detections')
      .columns(['domain_uuid', 'match_confirmed', 'frontend_face_uuid'])
      .execute();
    await db.schema
      .createTable('face_images')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('face_uuid', 'varchar(36)', (c) => c.notNull().references('faces.uuid').onDelete('cascade'))
      .addColumn('orientation', 'varchar(8)', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('thumbnail_file', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('face_images_face_orientation').on('face_images').columns(['face_uuid', 'orientation']).unique().execute();
    // Last seen of the people already detected: their newest detection not marked wrong or not-a-face.
    await sql`
      UPDATE faces SET
        last_seen_detection_id = (
          SELECT d.runtime_face_uuid FROM face_detections d
          WHERE d.frontend_face_uuid = faces.uuid AND (d.is_face IS NULL OR d.is_face <> 0)
            AND (d.match_confirmed IS NULL OR d.match_confirmed <> 0)
          ORDER BY d.captured_at DESC LIMIT 1)
    `.execute(db);
    await sql`
      UPDATE faces SET
        last_seen_at = (SELECT d.captured_at FROM face_detections d WHERE d.runtime_face_uuid = faces.last_seen_detection_id),
        last_seen_camera_uuid = (SELECT d.camera_uuid FROM face_detections d WHERE d.runtime_face_uuid = faces.last_seen_detection_id)
      WHERE last_seen_detection_id IS NOT NULL
    `.execute(db);
  },
};
