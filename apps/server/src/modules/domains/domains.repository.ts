import type { Db } from '../../db/database.js';
import type { CameraRow, DomainRow } from '../../db/schema.js';

export class DomainsRepository {
  constructor(private readonly db: Db) {}

  async findMany(uuids: readonly string[]): Promise<DomainRow[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('domains').selectAll().where('uuid', 'in', uuids).orderBy('description').execute();
  }

  async camerasOf(domainUuids: readonly string[]): Promise<CameraRow[]> {
    if (domainUuids.length === 0) return [];
    return this.db.selectFrom('cameras').selectAll().where('domain_uuid', 'in', domainUuids).where('removed_at', 'is', null).execute();
  }

  findByDescription(description: string): Promise<DomainRow | undefined> {
    return this.db.selectFrom('domains').selectAll().where('description', '=', description).executeTakeFirst();
  }

  findOne(uuid: string): Promise<DomainRow | undefined> {
    return this.db.selectFrom('domains').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  /** Every building's uuid (the retention sweep goes through them one by one). */
  async allUuids(): Promise<string[]> {
    return (await this.db.selectFrom('domains').select('uuid').orderBy('uuid').execute()).map((r) => r.uuid);
  }
}
