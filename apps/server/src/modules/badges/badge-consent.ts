import type { Db, Trx } from '../../db/database.js';
import type { BadgeIdentityRow } from '../../db/schema.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { BadgeTagsRepository } from './badge-tags.repository.js';
import type { BadgesRepository } from './badges.repository.js';

/**
 * The building's consent rule for badge identities (issue 36): while recognition needs consent, an identity not linked
 * to a registry person in service whose consent covers recognition is faceless: it keeps no confirmed door face, and no
 * later tap is matched against it; a tag of it verifies the badge (who, when) and keeps no face.
 */
export class BadgeConsent {
  constructor(
    private readonly d: {
      db: Db;
      consentRequired: (domain: string, trx?: Trx) => Promise<boolean>;
      faces: Pick<FacesPort, 'consentCheck' | 'peopleIn'>;
      badges: Pick<BadgesRepository, 'identities'>;
      tags: Pick<BadgeTagsRepository, 'forgetFaces'>;
    },
  ) {}

  /** The faceless among a building's identities, read in the caller's transaction (a writer's, under the building's lock). */
  async faceless(trx: Trx, domain: string, identities: readonly BadgeIdentityRow[]): Promise<Set<string>> {
    if (identities.length === 0 || !(await this.d.consentRequired(domain, trx))) return new Set();
    const allowed = await this.d.faces.consentCheck(trx, domain);
    const linked = [...new Set(identities.flatMap((i) => (i.face_uuid ? [i.face_uuid] : [])))];
    const people = new Map((linked.length > 0 ? await this.d.faces.peopleIn(trx, domain, linked) : []).map((p) => [p.uuid, p]));
    return new Set(
      identities
        .filter((i) => {
          const person = i.face_uuid ? people.get(i.face_uuid) : undefined;
          return !(person && person.removed_at === null && allowed(person));
        })
        .map((i) => i.uuid),
    );
  }

  /** The same for a reader (the evaluator, the badge pages): nothing to read while the building does not require consent. */
  async facelessNow(domain: string, identities: readonly BadgeIdentityRow[]): Promise<Set<string>> {
    if (identities.length === 0 || !(await this.d.consentRequired(domain))) return new Set();
    return this.d.db.transaction().execute((trx) => this.faceless(trx, domain, identities));
  }

  /**
   * After the building's setting changed, in its transaction (ConsentSettingService.set, under the building's lock):
   * with consent required, the faces confirmed to faceless identities are forgotten, their verifications kept.
   */
  async consentSettingChanged(trx: Trx, domain: string): Promise<void> {
    const faceless = await this.faceless(trx, domain, await this.d.badges.identities(domain, trx));
    if (faceless.size > 0) await this.d.tags.forgetFaces(trx, [...faceless]);
  }
}
