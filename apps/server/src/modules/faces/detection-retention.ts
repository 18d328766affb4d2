import type { Db } from '../../db/database.js';
import type { DetectionCategory, FacesRepository } from './faces.repository.js';
import type { RegistryRepository } from './registry.repository.js';

/**
 * The faces module's part of retention (modules/privacy runs the sweep): a building's detections past their period,
 * a batch per transaction. A person whose last sighting went is given their newest remaining one in the same
 * transaction, so no list shows a sighting whose picture is gone. The match finder's in-memory codes forget the
 * deleted faces on their own (finder-index: a face whose row is missing is never offered, and the index is re-read
 * every hour).
 */
export class DetectionRetention {
  constructor(
    private readonly d: {
      db: Db;
      faces: Pick<FacesRepository, 'deleteExpired' | 'lastSeenOn' | 'held'>;
      registry: Pick<RegistryRepository, 'recomputeLastSeen'>;
    },
  ) {}

  /** Deletes up to `limit` of the building's `category` detections captured before `before`; the ids deleted (their pictures go next). */
  purge(domain: string, category: DetectionCategory, before: number, limit: number): Promise<string[]> {
    return this.d.db.transaction().execute(async (trx) => {
      const deleted = await this.d.faces.deleteExpired(trx, domain, category, before, limit);
      for (const person of await this.d.faces.lastSeenOn(trx, deleted)) await this.d.registry.recomputeLastSeen(trx, person);
      return deleted;
    });
  }

  held(domain: string, category: DetectionCategory): Promise<{ count: number; oldest: number | null }> {
    return this.d.faces.held(domain, category);
  }
}
