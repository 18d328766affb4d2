import type { Db, Trx } from '../../db/database.js';
import type { DeploymentKeyRow, DetectorRow } from '../../db/schema.js';

/** Detector keys: only the SHA-256 of a key is stored; the key is shown once, when it is made. */
export class DetectorsRepository {
  constructor(private readonly db: Db) {}

  async create(
    row: Omit<DetectorRow, 'last_used_at' | 'revoked_at' | 'deployment_key_id'>,
    deploymentKeyId: string | null = null,
  ): Promise<DetectorRow> {
    const full: DetectorRow = { ...row, last_used_at: null, revoked_at: null, deployment_key_id: deploymentKeyId };
    await this.db.insertInto('detectors').values(full).execute();
    return full;
  }

  /** A building's keys, newest first, with the e-mail of the account that made each (null: made on the server). */
  inDomain(domain: string): Promise<(DetectorRow & { created_by_email: string | null })[]> {
    return this.db
      .selectFrom('detectors')
      .leftJoin('users', 'users.id', 'detectors.created_by')
      .selectAll('detectors')
      .select('users.email as created_by_email')
      .where('detectors.domain_uuid', '=', domain)
      .orderBy('detectors.created_at', 'desc')
      .execute();
  }

  findOne(id: string): Promise<DetectorRow | undefined> {
    return this.db.selectFrom('detectors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live (not revoked) detector a key hash belongs to. */
  findActiveByKeyHash(keyHash: string): Promise<DetectorRow | undefined> {
    return this.db
      .selectFrom('detectors')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .where('deployment_key_id', 'is', null)
      .executeTakeFirst();
  }

  async createDeploymentKey(row: Omit<DeploymentKeyRow, 'last_used_at' | 'revoked_at'>): Promise<DeploymentKeyRow> {
    const full: DeploymentKeyRow = { ...row, last_used_at: null, revoked_at: null };
    await this.db.insertInto('deployment_keys').values(full).execute();
    return full;
  }

  findActiveDeploymentKey(keyHash: string): Promise<DeploymentKeyRow | undefined> {
    return this.db
      .selectFrom('deployment_keys')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  deploymentKeys(): Promise<DeploymentKeyRow[]> {
    return this.db.selectFrom('deployment_keys').selectAll().orderBy('created_at', 'desc').execute();
  }

  /** The detector row a deployment key acts through in one building. */
  detectorOfDeploymentKey(keyId: string, domain: string): Promise<DetectorRow | undefined> {
    return this.db
      .selectFrom('detectors')
      .selectAll()
      .where('deployment_key_id', '=', keyId)
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
  }

  /** The buildings where a deployment key's row was revoked (it serves the others). */
  async revokedDomainsOf(keyId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('detectors')
      .select('domain_uuid')
      .where('deployment_key_id', '=', keyId)
      .where('revoked_at', 'is not', null)
      .execute();
    return new Set(rows.map((r) => r.domain_uuid));
  }

  /** Revokes a deployment key and its rows in every building; by id, or every live one of a name. The ids revoked. */
  async revokeDeploymentKeys(trx: Trx, match: { id: string } | { name: string }, at: number): Promise<string[]> {
    let query = trx.selectFrom('deployment_keys').select('id').where('revoked_at', 'is', null);
    query = 'id' in match ? query.where('id', '=', match.id) : query.where('name', '=', match.name);
    const ids = (await query.execute()).map((k) => k.id);
    if (ids.length === 0) return ids;
    await trx.updateTable('deployment_keys').set({ revoked_at: at }).where('id', 'in', ids).execute();
    await trx.updateTable('detectors').set({ revoked_at: at }).where('deployment_key_id', 'in', ids).execute();
    return ids;
  }

  /** Revokes a live key; whether it was live. */
  async revoke(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('detectors')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes a building's live keys of a name; the ids revoked. */
  async revokeByName(domain: string, name: string, at: number): Promise<string[]> {
    const ids = (
      await this.db
        .selectFrom('detectors')
        .select('id')
        .where('domain_uuid', '=', domain)
        .where('name', '=', name)
        .where('revoked_at', 'is', null)
        .execute()
    ).map((r) => r.id);
    if (ids.length > 0) await this.db.updateTable('detectors').set({ revoked_at: at }).where('id', 'in', ids).execute();
    return ids;
  }

  /** Marks a key used, at most once a minute: building keys by their detector row, deployment keys by theirs. */
  async markUsed(kind: 'building' | 'deployment', id: string, at: number): Promise<void> {
    const table = kind === 'building' ? 'detectors' : 'deployment_keys';
    await this.db
      .updateTable(table)
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at - 60_000)]))
      .execute();
  }

  /** A key was used (a batch or a heartbeat): building keys by their detector id, deployment keys by theirs. */
  async touchKey(trx: Trx, kind: 'building' | 'deployment', id: string, at: number): Promise<void> {
    if (kind === 'building') await this.touch(trx, id, at);
    else await trx.updateTable('deployment_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async touch(trx: Trx, id: string, at: number): Promise<void> {
    await trx.updateTable('detectors').set({ last_used_at: at }).where('id', '=', id).execute();
    const row = await trx.selectFrom('detectors').select('deployment_key_id').where('id', '=', id).executeTakeFirst();
    if (row?.deployment_key_id)
      await trx.updateTable('deployment_keys').set({ last_used_at: at }).where('id', '=', row.deployment_key_id).execute();
  }
}
