import { randomUUID } from 'node:crypto';
import type { ClientErrorKind } from '@vigil/contract';
import type { Db } from '../../db/database.js';

export interface ClientErrorEntry {
  at: number;
  userId: string | null;
  kind: ClientErrorKind;
  message: string;
  page: string;
  detail: string | null;
  userAgent: string | null;
}

/** Errors browsers reported, newest first, kept for a while. */
export class ClientErrorsRepository {
  constructor(private readonly db: Db) {}

  async add(entry: ClientErrorEntry): Promise<void> {
    await this.db
      .insertInto('client_errors')
      .values({
        id: randomUUID(),
        at: entry.at,
        user_id: entry.userId,
        kind: entry.kind,
        message: entry.message,
        page: entry.page,
        detail: entry.detail,
        user_agent: entry.userAgent,
      })
      .execute();
  }

  newest(limit: number) {
    return this.db
      .selectFrom('client_errors')
      .leftJoin('users', 'users.id', 'client_errors.user_id')
      .select([
        'client_errors.id',
        'client_errors.at',
        'client_errors.kind',
        'client_errors.message',
        'client_errors.page',
        'client_errors.detail',
        'client_errors.user_agent',
        'users.email as user_email',
      ])
      .orderBy('client_errors.at', 'desc')
      .orderBy('client_errors.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Retention: deletes up to `limit` of the reports made before `at`, oldest first; how many went. */
  async deleteBefore(at: number, limit: number): Promise<number> {
    // Picked, then deleted by key (a list, not a subquery: PostgreSQL would otherwise scan the table per batch).
    const picked = await this.db.selectFrom('client_errors').select('id').where('at', '<', at).orderBy('at').limit(limit).execute();
    if (picked.length === 0) return 0;
    const rows = await this.db
      .deleteFrom('client_errors')
      .where(
        'id',
        'in',
        picked.map((r) => r.id),
      )
      .returning('id')
      .execute();
    return rows.length;
  }

  async held(): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('client_errors')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min<number | null>('at').as('oldest')])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }
}
