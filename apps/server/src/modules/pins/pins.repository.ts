import { randomUUID } from 'node:crypto';
import type { Db, Trx } from '../../db/database.js';

export type PinAttemptKind = 'reset' | 'dismiss';

/** Keyed PIN hashes (unique per domain) and the log of attempts used for rate limiting and audit. */
export class PinsRepository {
  constructor(private readonly db: Db) {}

  /** Stores the hash (checked and written in the caller's transaction); false when another person in the domain holds that PIN. */
  async setPin(trx: Trx, userId: string, domainUuid: string, pinHash: string, at: number): Promise<boolean> {
    const holder = await trx
      .selectFrom('pins')
      .select('user_id')
      .where('domain_uuid', '=', domainUuid)
      .where('pin_hash', '=', pinHash)
      .executeTakeFirst();
    if (holder && holder.user_id !== userId) return false;
    await trx
      .insertInto('pins')
      .values({ user_id: userId, domain_uuid: domainUuid, pin_hash: pinHash, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'domain_uuid']).doUpdateSet({ pin_hash: pinHash, updated_at: at }))
      .execute();
    return true;
  }

  /** The person a PIN identifies in a domain, if any. */
  async ownerOf(domainUuid: string, pinHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('pins')
      .select('user_id')
      .where('domain_uuid', '=', domainUuid)
      .where('pin_hash', '=', pinHash)
      .executeTakeFirst();
    return row?.user_id;
  }

  async recordAttempt(
    userId: string,
    domainUuid: string,
    kind: PinAttemptKind,
    ok: boolean,
    at: number,
    targetUserId?: string,
  ): Promise<void> {
    await this.db
      .insertInto('pin_attempts')
      .values({
        id: randomUUID(),
        user_id: userId,
        domain_uuid: domainUuid,
        kind,
        ok: ok ? 1 : 0,
        at,
        target_user_id: targetUserId ?? null,
      })
      .execute();
  }

  /** Refused PIN changes (someone else held the PIN) in a domain since `since`, newest first, with who and for whom. */
  collisions(domainUuid: string, since: number) {
    return this.db
      .selectFrom('pin_attempts')
      .innerJoin('users as actor', 'actor.id', 'pin_attempts.user_id')
      .leftJoin('users as target', 'target.id', 'pin_attempts.target_user_id')
      .select(['pin_attempts.at', 'actor.display_name as by_name', 'actor.email as by_email', 'target.display_name as for_name'])
      .where('pin_attempts.domain_uuid', '=', domainUuid)
      .where('pin_attempts.kind', '=', 'reset')
      .where('pin_attempts.ok', '=', 0)
      .where('pin_attempts.at', '>=', since)
      .orderBy('pin_attempts.at', 'desc')
      .limit(200)
      .execute();
  }

  async countAttempts(userId: string, kind: PinAttemptKind, since: number, onlyFailed = false): Promise<number> {
    let query = this.db
      .selectFrom('pin_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('at', '>=', since);
    if (onlyFailed) query = query.where('ok', '=', 0);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
