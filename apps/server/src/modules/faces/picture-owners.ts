import type { Db } from '../../db/database.js';
import type { FacesRepository } from './faces.repository.js';
import type { RegistryRepository } from './registry.repository.js';

/** The faces module's part of the orphan-picture sweep (modules/privacy runs it): which detections and registry photos exist. */
export class FacesPictureOwners {
  constructor(
    private readonly d: {
      db: Db;
      faces: Pick<FacesRepository, 'knownDetections'>;
      registry: Pick<RegistryRepository, 'photosByIds'>;
    },
  ) {}

  async detections(ids: readonly string[]): Promise<Set<string>> {
    return new Set((await this.d.faces.knownDetections(this.d.db, ids)).keys());
  }

  async photos(ids: readonly string[]): Promise<Set<string>> {
    return new Set((await this.d.registry.photosByIds(this.d.db, ids)).map((p) => p.uuid));
  }
}
