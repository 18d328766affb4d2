import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { randomToken, sha256Hex } from '../lib/hash.js';

/** Session tokens: random, stored only as a hash, expiring, forgotten on logout. */
export class SessionsRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async create(userId: string): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({ token_hash: sha256Hex(token), user_id: userId, created_at: now, expires_at: now + this.ttlMs })
      .execute();
    return token;
  }

  async findUser(token: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.email', 'users.display_name', 'users.created_at'])
      .where('sessions.token_hash', '=', sha256Hex(token))
      .where('sessions.expires_at', '>', this.clock.now())
      .executeTakeFirst();
  }

  async revoke(token: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', sha256Hex(token)).execute();
  }

  async purgeExpired(): Promise<void> {
    const now = this.clock.now();
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('used_nonces').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).execute();
  }

  /** Records a nonce as used; false when it was used before (a replayed id_token). */
  async consumeNonce(key: string, expiresAt: number): Promise<boolean> {
    const result = await this.db
      .insertInto('used_nonces')
      .values({ nonce_hash: sha256Hex(key), expires_at: expiresAt })
      .onConflict((oc) => oc.column('nonce_hash').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }
}
