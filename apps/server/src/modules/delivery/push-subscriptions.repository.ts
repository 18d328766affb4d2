import type { Db, Executor } from '../../db/database.js';
import type { PushSubscriptionRow } from '../../db/schema.js';

/**
 * Web Push subscriptions (migration 0022): one device receiving one building's alerts for one user, bound to the
 * session that made it (logout deletes it by the foreign key's cascade). A subscription is live while its session is.
 */
export class PushSubscriptionsRepository {
  constructor(private readonly db: Db) {}

  private live(db: Executor, now: number) {
    return db
      .selectFrom('push_subscriptions as p')
      .innerJoin('sessions as s', 's.token_hash', 'p.session_hash')
      .selectAll('p')
      .where('s.expires_at', '>', now);
  }

  /** Stores a subscription; the same endpoint in the same building replaces the row it had (a new id: old tokens end). */
  async replace(row: PushSubscriptionRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).where('domain_uuid', '=', row.domain_uuid).execute();
      await trx.insertInto('push_subscriptions').values(row).execute();
    });
  }

  /** How many live devices the user has in the building, besides `endpoint` (which a re-subscription replaces). */
  async countOthers(userId: string, domain: string, endpoint: string, now: number): Promise<number> {
    const rows = await this.live(this.db, now)
      .where('p.user_id', '=', userId)
      .where('p.domain_uuid', '=', domain)
      .where('p.endpoint', '!=', endpoint)
      .execute();
    return rows.length;
  }

  /** The user's live devices in a building, oldest first. */
  ownIn(userId: string, domain: string, now: number): Promise<PushSubscriptionRow[]> {
    return this.live(this.db, now)
      .where('p.user_id', '=', userId)
      .where('p.domain_uuid', '=', domain)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute();
  }

  /** A live subscription by id (its session not ended nor expired). */
  liveById(id: string, now: number): Promise<PushSubscriptionRow | undefined> {
    return this.live(this.db, now).where('p.id', '=', id).executeTakeFirst();
  }

  /** The live devices of these users in a building (a step's targets), in the caller's transaction. */
  async liveOf(db: Executor, domain: string, userIds: readonly string[], now: number): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    const rows: PushSubscriptionRow[] = [];
    // (a few hundred users at most; chunks keep SQLite under its variable limit)
    for (let i = 0; i < userIds.length; i += 500)
      rows.push(
        ...(await this.live(db, now)
          .where('p.domain_uuid', '=', domain)
          .where('p.user_id', 'in', userIds.slice(i, i + 500))
          .orderBy('p.created_at')
          .execute()),
      );
    return rows;
  }

  /** Deletes the user's own subscription; the row it was, or undefined when it is not theirs (or not at all). */
  async deleteOwn(id: string, userId: string): Promise<PushSubscriptionRow | undefined> {
    return this.db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
  }

  /** A subscription its push service forgot (404/410): gone. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  /** A user's devices in a building end (their right there was taken), in the caller's transaction. How many went. */
  async deleteUserIn(db: Executor, userId: string, domain: string): Promise<number> {
    const result = await db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every live device of a building, by id (what one step's sends check against, read once for all of them). */
  async liveIn(domain: string, now: number): Promise<Map<string, PushSubscriptionRow>> {
    const rows = await this.live(this.db, now).where('p.domain_uuid', '=', domain).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async markSent(ids: readonly string[], at: number): Promise<void> {
    for (let i = 0; i < ids.length; i += 500)
      await this.db
        .updateTable('push_subscriptions')
        .set({ last_sent_at: at })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
  }
}
