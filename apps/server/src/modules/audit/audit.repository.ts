import type { AuditAction } from '@vigil/contract';
import type { Db } from '../../db/database.js';
import type { AuditLogTable, Database } from '../../db/schema.js';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';

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
  /** whose entries without a building (sign-ins, flags) the listing also shows: the building's accounts */
  members?: string[];
}

/** The audit log: appended to, read newest first, and cut only by the retention sweep. */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async append(rows: NewAuditRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('audit_log').values(rows).execute();
  }

  list(filter: AuditFilter, limit: number): Promise<AuditRow[]> {
    const members = filter.members ?? [];
    let query = this.db
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        members.length === 0
          ? eb('domain_uuid', '=', filter.domainUuid)
          : eb.or([eb('domain_uuid', '=', filter.domainUuid), eb.and([eb('domain_uuid', 'is', null), eb('user_email', 'in', members)])]),
      );
    if (filter.actor) query = query.where('user_email', '=', filter.actor.toLowerCase());
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.cameraUuid) query = query.where('camera_uuid', '=', filter.cameraUuid);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<', filter.to);
    if (filter.before !== undefined) query = query.where('seq', '<', filter.before);
    return query.orderBy('seq', 'desc').limit(limit).execute();
  }

  /** Deletes entries written before `at`, at most `batch` of them; how many went. */
  async purgeBefore(at: number, batch: number, domain?: string | null): Promise<number> {
    // undefined: every entry; a building's uuid: its entries; null: the entries of no building (the installation's period)
    const scope = (eb: ExpressionBuilder<Database, 'audit_log'>) =>
      eb.and([
        eb('at', '<', at),
        ...(domain === undefined ? [] : [domain === null ? eb('domain_uuid', 'is', null) : eb('domain_uuid', '=', domain)]),
      ]);
    // Picked, then deleted by key (a list, not a subquery: PostgreSQL would otherwise scan the table per batch).
    const picked = await this.db.selectFrom('audit_log').select('seq').where(scope).orderBy('at').limit(batch).execute();
    if (picked.length === 0) return 0;
    const result = await this.db
      .deleteFrom('audit_log')
      .where(
        'seq',
        'in',
        picked.map((r) => r.seq),
      )
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
    return { count: Number(row?.count ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
  }
}
