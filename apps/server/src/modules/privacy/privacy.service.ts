import type { Clock } from '../../lib/clock.js';
import type { PrivacyRepository } from './privacy.repository.js';

/**
 * A building's privacy settings as other areas read them (faces, analyzers, training ask whether recognition needs
 * consent there). The retention sweep and the settings' calls build on this.
 */
export class PrivacyService {
  constructor(private readonly d: { privacy: PrivacyRepository; clock: Clock }) {}

  /** Whether recognition in the building needs a person's consent (off unless the building turned it on). */
  async consentRequired(domainUuid: string): Promise<boolean> {
    return (await this.d.privacy.settings(domainUuid))?.consentRequired ?? false;
  }

  async setConsentRequired(domainUuid: string, required: boolean, by: string | null): Promise<void> {
    await this.d.privacy.setConsentRequired(domainUuid, required, this.d.clock.now(), by);
  }
}
