import type { Executor, Trx } from '../../db/database.js';
import type { BadgesRepository } from './badges.repository.js';

/** What a stored report row is scanned for when a person is erased: their badge's link or their name. */
export interface ReportScrub {
  /** rows of the building's reports that name them (their badge link or their name); taken out at erasure */
  countRows(db: Executor, domain: string, needles: readonly string[]): Promise<number>;
  removeRows(trx: Trx, domain: string, needles: readonly string[]): Promise<number>;
}

/**
 * A person's badges as an erasure needs them (faces asks, badges decide): the badge identities linked to them go with
 * their credentials, taps and verified matches, and report rows that name them or their badge are taken out.
 */
export class PersonBadgesService {
  constructor(private readonly d: { badges: Pick<BadgesRepository, 'linkedTo' | 'deleteIdentities'>; reports: ReportScrub }) {}

  private async needles(db: Executor, person: string, name: string): Promise<{ uuids: string[]; needles: string[] }> {
    const identities = await this.d.badges.linkedTo(db, person);
    return {
      uuids: identities.map((i) => i.uuid),
      needles: [name, ...identities.flatMap((i) => [`/credential/${i.identity_id}`, i.name])],
    };
  }

  async count(db: Executor, domain: string, person: string, name: string): Promise<{ identities: number; reportRows: number }> {
    const { uuids, needles } = await this.needles(db, person, name);
    return { identities: uuids.length, reportRows: await this.d.reports.countRows(db, domain, needles) };
  }

  /** In the erasure's transaction. */
  async erase(trx: Trx, domain: string, person: string, name: string): Promise<void> {
    const { uuids, needles } = await this.needles(trx, person, name);
    await this.d.reports.removeRows(trx, domain, needles);
    await this.d.badges.deleteIdentities(trx, uuids);
  }
}
