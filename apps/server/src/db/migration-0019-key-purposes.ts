import { inferredKeyPurposes } from '@vigil/contract';
import type { Kysely, Migration } from 'kysely';

/**
 * Machine keys have purposes (issue 36): `purposes` is a comma-separated list of KEY_PURPOSES; `purposes_origin` says
 * whether they were chosen when the key was made or inferred here from what the key had done before (its analyzer
 * heartbeats, its detections and events, its badge taps), so a key keeps only what its use so far shows.
 */
export const keyPurposesMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const table of ['detectors', 'deployment_keys']) {
      await db.schema
        .alterTable(table)
        .addColumn('purposes', 'text', (c) => c.notNull().defaultTo('detector'))
        .execute();
      await db.schema
        .alterTable(table)
        .addColumn('purposes_origin', 'varchar(8)', (c) => c.notNull().defaultTo('chosen'))
        .execute();
    }
    const ids = async (query: Promise<{ id: string | null }[]>) => new Set((await query).map((r) => r.id).filter((id) => id !== null));
    const analyzerKeys = await ids(db.selectFrom('analyzers').select('key_id as id').distinct().execute());
    const eventDetectors = await ids(db.selectFrom('events').select('detector_id as id').distinct().execute());
    const faceDetectors = await ids(db.selectFrom('face_detections').select('detector_id as id').distinct().execute());
    const tapDetectors = await ids(db.selectFrom('access_events').select('detector_id as id').distinct().execute());
    const detected = (id: string) => eventDetectors.has(id) || faceDetectors.has(id);

    const rows = (await db.selectFrom('detectors').select(['id', 'deployment_key_id']).execute()) as {
      id: string;
      deployment_key_id: string | null;
    }[];
    const deploymentKeys = (await db.selectFrom('deployment_keys').select('id').execute()) as { id: string }[];
    const set = async (table: string, where: { column: string; value: string }, purposes: string[]) =>
      db
        .updateTable(table)
        .set({ purposes: purposes.join(','), purposes_origin: 'inferred' })
        .where(where.column, '=', where.value)
        .execute();

    for (const key of deploymentKeys) {
      const own = rows.filter((r) => r.deployment_key_id === key.id).map((r) => r.id);
      const purposes = inferredKeyPurposes(
        { analyzerCalls: analyzerKeys.has(key.id), detections: own.some(detected), taps: own.some((id) => tapDetectors.has(id)) },
        'deployment',
      );
      await set('deployment_keys', { column: 'id', value: key.id }, purposes);
      // Its rows in the buildings carry the key's purposes (the list shows them there).
      await set('detectors', { column: 'deployment_key_id', value: key.id }, purposes);
    }
    for (const row of rows.filter((r) => r.deployment_key_id === null)) {
      const purposes = inferredKeyPurposes(
        { analyzerCalls: analyzerKeys.has(row.id), detections: detected(row.id), taps: tapDetectors.has(row.id) },
        'building',
      );
      await set('detectors', { column: 'id', value: row.id }, purposes);
    }
  },
};
