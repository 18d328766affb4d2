import type { Db } from './database.js';

export interface JobState {
  leaseUntil: number | null;
  leasedBy: string | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastDeleted: number | null;
}

/**
 * A background job that a cluster runs once a period (the retention sweep, the scheduled reports): when it last ran and
 * which server runs it now (a row of retention_sweeps, migrations 0017 and 0018). Several servers tick; the one whose
 * conditional UPDATE claims the due run does it.
 */
export class JobLeases {
  constructor(
    private readonly db: Db,
    private readonly name = 'retention',
  ) {}

  async state(): Promise<JobState> {
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
