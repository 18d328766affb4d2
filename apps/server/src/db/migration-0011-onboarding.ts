import { suggestFname } from '@vigil/contract';
import type { Kysely, Migration } from 'kysely';

/** Short names as onboarding suggests them from building names, made unique with a numeric suffix. */
const shortName = (name: string, taken: Set<string>): string => {
  const base = suggestFname(name).slice(0, 36).replace(/-+$/, '') || 'building';
  let candidate = base.length >= 2 ? base : `${base}-b`;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
};

/**
 * Building onboarding: a building's short name, management group and chosen address; a camera's make, connection,
 * GPU type, channel, number, admin page and per-camera alerting; and its streams (low and high) with where clips go
 * and where frame snapshots are sent.
 */
export const onboardingMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('domains').addColumn('fname', 'varchar(40)').execute();
    await db.schema.alterTable('domains').addColumn('management_group', 'text').execute();
    await db.schema.alterTable('domains').addColumn('address', 'text').execute();
    const taken = new Set<string>();
    const domains = (await db.selectFrom('domains').select(['uuid', 'description']).orderBy('created_at').execute()) as {
      uuid: string;
      description: string;
    }[];
    for (const d of domains)
      await db
        .updateTable('domains')
        .set({ fname: shortName(d.description, taken) })
        .where('uuid', '=', d.uuid)
        .execute();
    await db.schema.createIndex('domains_fname').on('domains').column('fname').unique().execute();

    for (const [column, type] of [
      ['manufacturer', 'varchar(16)'],
      ['connection', 'varchar(16)'],
      ['gpu', 'varchar(8)'],
      ['channel', 'integer'],
      ['camera_number', 'integer'],
      ['admin_url', 'text'],
      ['alerting', 'text'],
    ] as const)
      await db.schema.alterTable('cameras').addColumn(column, type).execute();

    await db.schema
      .createTable('camera_streams')
      .addColumn('camera_uuid', 'varchar(36)', (c) => c.notNull().references('cameras.uuid').onDelete('cascade'))
      .addColumn('quality', 'varchar(8)', (c) => c.notNull())
      .addColumn('video_url', 'text', (c) => c.notNull())
      .addColumn('clip_storage', 'text', (c) => c.notNull())
      .addColumn('snapshot_target', 'text', (c) => c.notNull())
      .addColumn('recorded', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('camera_streams_pk', ['camera_uuid', 'quality'])
      .execute();
  },
};
