import type { Db } from '../../db/database.js';
import type { FacesRepository } from './faces.repository.js';
import type { RegistryRepository } from './registry.repository.js';

/**
 * What people answer about a detection (confirm or undo a match, 'Not a Face'): the detection and the last seen of whoever
 * it was and now is change in one transaction, which this service starts and owns.
 */
export class FaceReviewsService {
  constructor(
    private readonly d: {
      db: Db;
      faces: Pick<FacesRepository, 'matchOf' | 'setMatch' | 'setIsFace'>;
      registry: Pick<RegistryRepository, 'recomputeLastSeen'>;
    },
  ) {}

  /** A reviewer's word on a detection's match: confirmed (1), wrong person (0) or undone (null). */
  async reviewMatch(runtimeFaceUuid: string, person: string, confirmed: number | null, by: string, at: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const before = await this.d.faces.matchOf(trx, runtimeFaceUuid);
      await this.d.faces.setMatch(trx, runtimeFaceUuid, { person, confirmed, by, at });
      for (const who of new Set([before, person])) if (who) await this.d.registry.recomputeLastSeen(trx, who);
    });
  }

  /** 'Not a Face' (0) or taking it back; the matched person's last seen follows. */
  async reviewIsFace(runtimeFaceUuid: string, isFace: number | null, by: string, at: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await this.d.faces.setIsFace(trx, runtimeFaceUuid, { isFace, by, at });
      const person = await this.d.faces.matchOf(trx, runtimeFaceUuid);
      if (person) await this.d.registry.recomputeLastSeen(trx, person);
    });
  }
}
