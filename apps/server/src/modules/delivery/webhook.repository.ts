import type { Db, Executor } from '../../db/database.js';
import type { WebhookRow } from '../../db/schema.js';

/** A building's webhooks (migration 0022): made and removed by an operator, the secret sealed under the server's secret. */
export class WebhookRepository {
  constructor(private readonly db: Db) {}

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  /** The building's webhooks in use, oldest first (the fan-out reads them in its transaction). */
  live(domain: string, db: Executor = this.db): Promise<WebhookRow[]> {
    return db
      .selectFrom('webhooks')
      .selectAll()
      .where('domain_uuid', '=', domain)
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  byId(id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  many(ids: readonly string[]): Promise<WebhookRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('webhooks').selectAll().where('id', 'in', ids).execute();
  }

  /** Takes a webhook out of use (kept, so the delivery log still names it). Whether it was in use. */
  async remove(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set({ removed_at: at })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
