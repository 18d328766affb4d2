import type { Db } from '../../db/database.js';
import type { BadgesRetentionRepository } from './badges-retention.repository.js';

/**
 * The badges module's part of retention (modules/privacy runs the sweep): taps past the badge_taps period with their
 * verified matches, and the identities no tap names any more. A batch is one transaction (the counters move with it).
 */
export class BadgesRetention {
  constructor(private readonly d: { db: Db; badges: BadgesRetentionRepository }) {}

  purge(domain: string, before: number, limit: number): Promise<number> {
    return this.d.db.transaction().execute((trx) => this.d.badges.deleteTapsBefore(trx, domain, before, limit));
  }

  held(domain: string): Promise<{ count: number; oldest: number | null }> {
    return this.d.badges.heldTaps(domain);
  }
}
