import type { Db, Executor, Trx } from '../../db/database.js';
import type { ReportRow } from '../../db/schema.js';

/** Generated reports (migration 0018): a table's headers and rows kept as JSON. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ReportRow): Promise<void> {
    await this.db.insertInto('reports').values(row).execute();
  }

  /** A building's reports, newest first, without their rows. */
  list(domain: string, limit: number) {
    return this.db
      .selectFrom('reports')
      .select(['uuid', 'domain_uuid', 'kind', 'title', 'generated_at', 'start_at', 'end_at', 'generated_by', 'row_count'])
      .where('domain_uuid', '=', domain)
      .orderBy('generated_at', 'desc')
      .orderBy('uuid')
      .limit(limit)
      .execute();
  }

  one(domain: string, uuid: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('domain_uuid', '=', domain).where('uuid', '=', uuid).executeTakeFirst();
  }

  /** Whether the schedule made this building's report of this kind for this period already. */
  async scheduled(domain: string, kind: string, start: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('reports')
      .select('uuid')
      .where('domain_uuid', '=', domain)
      .where('kind', '=', kind)
      .where('start_at', '=', start)
      .where('generated_by', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Retention: reports generated before `before`, a batch at a time; how many went. */
  async deleteBefore(domain: string, before: number, limit: number): Promise<number> {
    const ids = await this.db
      .selectFrom('reports')
      .select('uuid')
      .where('domain_uuid', '=', domain)
      .where('generated_at', '<', before)
      .limit(limit)
      .execute();
    if (ids.length === 0) return 0;
    const result = await this.db
      .deleteFrom('reports')
      .where(
        'uuid',
        'in',
        ids.map((r) => r.uuid),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** How many reports a building holds, and the oldest. */
  async held(domain: string): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('generated_at').as('oldest')])
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
  }

  /** A building's reports with their rows (an erasure scans them). */
  bodies(db: Executor, domain: string): Promise<{ uuid: string; body: string }[]> {
    return db.selectFrom('reports').select(['uuid', 'body']).where('domain_uuid', '=', domain).execute();
  }

  async setBody(trx: Trx, uuid: string, body: string, rows: number): Promise<void> {
    await trx.updateTable('reports').set({ body, row_count: rows }).where('uuid', '=', uuid).execute();
  }
}
