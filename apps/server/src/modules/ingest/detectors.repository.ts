import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, DetectorRow } from '../../db/schema.js';

/** Detector keys: only the SHA-256 of a key is stored; the key is shown once, when it is made. */
export class DetectorsRepository {
  constructor(private readonly db: Db) {}

  async create(row: Omit<DetectorRow, 'last_used_at' | 'revoked_at'>): Promise<DetectorRow> {
    const full: DetectorRow = { ...row, last_used_at: null, revoked_at: null };
    await this.db.insertInto('detectors').values(full).execute();
    return full;
  }

  inDomain(domain: string): Promise<DetectorRow[]> {
    return this.db.selectFrom('detectors').selectAll().where('domain_uuid', '=', domain).orderBy('created_at', 'desc').execute();
  }

  findOne(id: string): Promise<DetectorRow | undefined> {
    return this.db.selectFrom('detectors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live (not revoked) detector a key hash belongs to. */
  findActiveByKeyHash(keyHash: string): Promise<DetectorRow | undefined> {
    return this.db.selectFrom('detectors').selectAll().where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
  }

  async revoke(id: string, at: number): Promise<void> {
    await this.db.updateTable('detectors').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  async revokeByName(domain: string, name: string, at: number): Promise<void> {
    await this.db
      .updateTable('detectors')
      .set({ revoked_at: at })
      .where('domain_uuid', '=', domain)
      .where('name', '=', name)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async touch(trx: Transaction<Database>, id: string, at: number): Promise<void> {
    await trx.updateTable('detectors').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
