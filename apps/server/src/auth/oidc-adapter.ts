import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

/** Only these are revoked with their grant; an interaction or session that merely mentions a grant is not. */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** Stores the built-in provider's sessions, interactions and grants in Vigil's database, so they survive restarts. */
export function databaseAdapter(db: Db, clock: Clock): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private live() {
      return db
        .selectFrom('oidc_payloads')
        .selectAll()
        .where('model', '=', this.model)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', clock.now())]));
    }

    private static decode(row: { payload: string; consumed_at: number | null } | undefined): AdapterPayload | undefined {
      if (!row) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at / 1000) } : payload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        payload: JSON.stringify(payload),
        grant_id: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? clock.now() + expiresIn * 1000 : null,
      };
      await db
        .insertInto('oidc_payloads')
        .values({ model: this.model, id, consumed_at: null, ...values })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(values))
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return DatabaseAdapter.decode(await this.live().where('id', '=', id).executeTakeFirst());
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return DatabaseAdapter.decode(await this.live().where('user_code', '=', userCode).executeTakeFirst());
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return DatabaseAdapter.decode(await this.live().where('uid', '=', uid).executeTakeFirst());
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: clock.now() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}
