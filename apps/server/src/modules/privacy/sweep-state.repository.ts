import type { Db } from '../../db/database.js';

export interface SweepState {
  leaseUntil: number | null;
  leasedBy: string | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastDeleted: number | null;
}

/**
 * When the retention sweep ran and who runs it now (retention_sweeps, migration 0017). Several servers tick; the one
 * whose conditional UPDATE claims the due run does it, so a cluster sweeps once a period (and two at once would only
 * find less to delete: the sweep itself is safe either way).
 */
export class SweepStateRepository {
  constructor(
    private readonly db: Db,
    private readonly name = 'retention',
  ) {}

  async state(): Promise<SweepState> {
    const row = await this.db.selectFrom('retention_sweeps').selectAll().where('name', '=', this.name).executeTakeFirst();
    const n = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
    return {
      leaseUntil: n(row?.lease_until),
      leasedBy: row?.leased_by ?? null,
      lastStartedAt: n(row?.last_started_at),
      lastFinishedAt: n(row?.last_finished_at),
      lastDeleted: n(row?.last_deleted),
    };
  }

  /**
   * Takes the run if it is due (none started within `everyMs`, or `everyMs` null: now) and no other server holds it;
   * true when this one got it.
   */
  async claim(holder: string, now: number, leaseMs: number, everyMs: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable('retention_sweeps')
      .set({ lease_until: now + leaseMs, leased_by: holder, last_started_at: now })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .$if(everyMs !== null, (q) =>
        q.where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', now - everyMs!)])),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Keeps the run (a long sweep renews its lease as it goes). */
  async renew(holder: string, until: number): Promise<void> {
    await this.db
      .updateTable('retention_sweeps')
      .set({ lease_until: until })
      .where('name', '=', this.name)
      .where('leased_by', '=', holder)
      .execute();
  }

  /** A run ended: what it deleted, and the lease given back. */
  async finish(holder: string, now: number, deleted: number): Promise<void> {
    await this.db
      .updateTable('retention_sweeps')
      .set({ lease_until: null, leased_by: null, last_finished_at: now, last_deleted: deleted })
      .where('name', '=', this.name)
      .where('leased_by', '=', holder)
      .execute();
  }
}
