import { sql } from 'kysely';
import type { AnalyzerCameraReport, AnalyzerPresence, CameraLease } from '@vigil/contract';
import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Trx } from '../../db/database.js';
import type { AnalyzerLeaseRow } from '../../db/schema.js';

/** Analyzer processes, the camera leases they hold, and the latest report of each camera's analysis. */
export class AnalyzersRepository {
  constructor(private readonly db: Db) {}

  /** Records that an analyzer is alive; false when its id is already used under another key. */
  async touchAnalyzer(trx: Trx, a: { id: string; name: string; keyId: string; capacity: number; now: number }): Promise<boolean> {
    const existing = await trx.selectFrom('analyzers').select('key_id').where('id', '=', a.id).executeTakeFirst();
    if (existing && existing.key_id !== a.keyId) return false;
    if (existing) {
      await trx.updateTable('analyzers').set({ name: a.name, capacity: a.capacity, last_seen_at: a.now }).where('id', '=', a.id).execute();
    } else {
      await trx
        .insertInto('analyzers')
        .values({ id: a.id, name: a.name, key_id: a.keyId, capacity: a.capacity, first_seen_at: a.now, last_seen_at: a.now })
        .execute();
    }
    return true;
  }

  /** The analyzers of one key seen since `since` (they share that key's cameras). */
  async liveAnalyzers(trx: Trx, keyId: string, since: number): Promise<AnalyzerPresence[]> {
    return trx.selectFrom('analyzers').select(['id', 'capacity']).where('key_id', '=', keyId).where('last_seen_at', '>', since).execute();
  }

  async leasesOn(trx: Trx, cameras: readonly string[]): Promise<(CameraLease & { leaseId: string })[]> {
    const rows = await chunked(cameras, (slice) =>
      trx.selectFrom('analyzer_leases').selectAll().where('camera_uuid', 'in', slice).execute(),
    );
    return rows.map((r) => ({ camera: r.camera_uuid, analyzer: r.analyzer_id, expiresAt: r.expires_at, leaseId: r.lease_id }));
  }

  heldBy(trx: Trx, analyzer: string): Promise<AnalyzerLeaseRow[]> {
    return trx.selectFrom('analyzer_leases').selectAll().where('analyzer_id', '=', analyzer).execute();
  }

  async renew(trx: Trx, analyzer: string, cameras: readonly string[], expiresAt: number): Promise<void> {
    await eachChunk(cameras, (slice) =>
      trx
        .updateTable('analyzer_leases')
        .set({ expires_at: expiresAt })
        .where('analyzer_id', '=', analyzer)
        .where('camera_uuid', 'in', slice)
        .execute(),
    );
  }

  /** Takes a camera with a new lease, unless someone holds a live lease on it (then false). */
  async take(trx: Trx, lease: { camera: string; analyzer: string; leaseId: string; now: number; expiresAt: number }): Promise<boolean> {
    const values = {
      camera_uuid: lease.camera,
      analyzer_id: lease.analyzer,
      lease_id: lease.leaseId,
      acquired_at: lease.now,
      expires_at: lease.expiresAt,
    };
    await trx
      .insertInto('analyzer_leases')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('camera_uuid')
          .doUpdateSet({ analyzer_id: lease.analyzer, lease_id: lease.leaseId, acquired_at: lease.now, expires_at: lease.expiresAt })
          .where('analyzer_leases.expires_at', '<=', lease.now),
      )
      .execute();
    const row = await trx.selectFrom('analyzer_leases').select('lease_id').where('camera_uuid', '=', lease.camera).executeTakeFirst();
    return row?.lease_id === lease.leaseId;
  }

  async release(trx: Trx, analyzer: string, cameras: readonly string[]): Promise<void> {
    await eachChunk(cameras, (slice) =>
      trx.deleteFrom('analyzer_leases').where('analyzer_id', '=', analyzer).where('camera_uuid', 'in', slice).execute(),
    );
  }

  async saveReports(trx: Trx, analyzer: string, reports: readonly AnalyzerCameraReport[], now: number): Promise<void> {
    for (const { camera_uuid, ...report } of reports) {
      const values = { camera_uuid, analyzer_id: analyzer, report: JSON.stringify(report), reported_at: now };
      await trx
        .insertInto('camera_analysis')
        .values(values)
        .onConflict((oc) => oc.column('camera_uuid').doUpdateSet({ analyzer_id: analyzer, report: values.report, reported_at: now }))
        .execute();
    }
  }

  /** The key an analyzer reports with (undefined for an analyzer never seen, or forgotten). */
  async keyOf(analyzer: string): Promise<string | undefined> {
    return (await this.db.selectFrom('analyzers').select('key_id').where('id', '=', analyzer).executeTakeFirst())?.key_id;
  }

  /** The cameras in service an analyzer holds a live lease on, each with whether it is an exit, by uuid. */
  async exitsHeldBy(analyzer: string, now: number): Promise<{ camera_uuid: string; is_exit: boolean }[]> {
    const rows = await this.db
      .selectFrom('analyzer_leases')
      .innerJoin('cameras', 'cameras.uuid', 'analyzer_leases.camera_uuid')
      .select(['cameras.uuid', 'cameras.is_exit'])
      .where('analyzer_leases.analyzer_id', '=', analyzer)
      .where('analyzer_leases.expires_at', '>', now)
      .where('cameras.removed_at', 'is', null)
      .orderBy('cameras.uuid')
      .execute();
    return rows.map((r) => ({ camera_uuid: r.uuid, is_exit: r.is_exit === 1 }));
  }

  /** Whether a lease (by its id) still holds a camera: the live video it names may be read. */
  async leaseActive(camera: string, leaseId: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('analyzer_leases')
      .select('camera_uuid')
      .where('camera_uuid', '=', camera)
      .where('lease_id', '=', leaseId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Per camera of a building: who analyses it now (a live lease), and the latest report. */
  async statusOf(domain: string, now: number) {
    return this.db
      .selectFrom('cameras')
      .leftJoin('analyzer_leases', (join) =>
        join.onRef('analyzer_leases.camera_uuid', '=', 'cameras.uuid').on('analyzer_leases.expires_at', '>', now),
      )
      .leftJoin('analyzers', 'analyzers.id', 'analyzer_leases.analyzer_id')
      .leftJoin('camera_analysis', 'camera_analysis.camera_uuid', 'cameras.uuid')
      .select([
        'cameras.uuid as camera_uuid',
        'cameras.description',
        'analyzers.id as analyzer_id',
        'analyzers.name as analyzer_name',
        'analyzers.last_seen_at',
        'camera_analysis.report',
        'camera_analysis.reported_at',
        'camera_analysis.analyzer_id as reported_by',
      ])
      .where('cameras.domain_uuid', '=', domain)
      .where('cameras.removed_at', 'is', null)
      .orderBy('cameras.description')
      .execute();
  }

  /** Forgets analyzers not seen for a day (their leases went long ago). */
  async purge(before: number): Promise<void> {
    await this.db
      .deleteFrom('analyzers')
      .where('last_seen_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('analyzer_leases')
              .select(sql`1`.as('one'))
              .whereRef('analyzer_leases.analyzer_id', '=', 'analyzers.id'),
          ),
        ),
      )
      .execute();
  }
}
