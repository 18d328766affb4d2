import type { AuditAction } from '@vigil/contract';
import type { Db } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';

export type NewAuditRow = Insertable<AuditLogTable>;
export type AuditRow = Selectable<AuditLogTable>;

/** What a listing filters by (all optional but the building). */
export interface AuditFilter {
  domainUuid: string;
  actor?: string;
  action?: AuditAction;
  cameraUuid?: string;
  from?: number;
  to?: number;
  /** entries older than this seq (the page after) */
  before?: number;
}

/** The audit log: appended to, read newest first, and cut only by the retention sweep. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async append(rows: NewAuditRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('audit_log').values(rows).execute();
  }

  list(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
    let query = this.db.selectFrom('audit_log').selectAll().where('domain_uuid', '=', filter.domainUuid);
    if (filter.actor) query = query.where('user_email', '=', filter.actor.toLowerCase());
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.cameraUuid) query = query.where('camera_uuid', '=', filter.cameraUuid);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<', filter.to);
    if (filter.before !== undefined) query = query.where('seq', '<', filter.before);
    return query.orderBy('seq', 'desc').limit(limit).execute();
  }

  /** Deletes entries written before `at`, at most `batch` of them; how many went. */
  async purgeBefore(at: number, batch: number): Promise<number> {
    const result = await this.db
      .deleteFrom('audit_log')
      .where('seq', 'in', (eb) => eb.selectFrom('audit_log').select('seq').where('at', '<', at).orderBy('seq').limit(batch))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** How many entries a building holds, and the oldest one's time. */
  async held(domainUuid: string): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('audit_log')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number | null>('at').as('oldest')])
      .where('domain_uuid', '=', domainUuid)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
  }
}
