import type { ElopementAlertsRepository } from './elopement.repository.js';

/**
 * The alerts module's part of retention (modules/privacy runs the sweep): dismissed elopement alerts past their period.
 * An open alert is never deleted, and what it needs (its detection, pictures and recording) is kept by the other
 * modules' parts while it is open: `openMoments` tells them where and when.
 */
export class AlertsRetention {
  constructor(private readonly d: { elopement: Pick<ElopementAlertsRepository, 'deletePastPeriod' | 'openBefore' | 'held'> }) {}

  /** Deletes up to `limit` of the building's dismissed alerts past `before` (contract alertPastPeriod); how many went. */
  purge(domain: string, before: number, limit: number): Promise<number> {
    return this.d.elopement.deletePastPeriod(domain, before, limit);
  }

  /** The camera and moment of each of the building's open alerts raised before `before`. */
  openMoments(domain: string, before: number): Promise<{ camera_uuid: string; event_ts: number }[]> {
    return this.d.elopement.openBefore(domain, before);
  }

  held(domain: string): Promise<{ count: number; oldest: number | null }> {
    return this.d.elopement.held(domain);
  }
}
