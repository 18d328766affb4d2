import type { Db, Trx } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { PrivacyRepository } from './privacy.repository.js';

/**
 * A building's privacy settings as other areas read them (faces, analyzers, training ask whether recognition needs
 * consent there). The retention sweep and the settings' calls build on this.
 */
export class PrivacyService {
  constructor(private readonly d: { db: Db; privacy: PrivacyRepository; clock: Clock }) {}

  /**
   * Whether recognition in the building needs a person's consent (off unless the building turned it on); read in the
   * caller's transaction when given (ingest reads it under the building's lock, so a change cannot pass it unseen).
   */
  async consentRequired(domainUuid: string, trx?: Trx): Promise<boolean> {
    return (await this.d.privacy.settings(trx ?? this.d.db, domainUuid))?.consentRequired ?? false;
  }

  /** Changes it in the caller's transaction (which also forgets what may no longer be kept). */
  async setConsentRequired(trx: Trx, domainUuid: string, required: boolean, by: string | null): Promise<void> {
    await this.d.privacy.setConsentRequired(trx, domainUuid, required, this.d.clock.now(), by);
  }
}
