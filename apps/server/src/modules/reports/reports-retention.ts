import type { ReportsRepository } from './reports.repository.js';

/** The reports module's part of retention (modules/privacy runs the sweep): reports generated before the period. */
export class ReportsRetention {
  constructor(private readonly d: { reports: Pick<ReportsRepository, 'deleteBefore' | 'held'> }) {}

  purge(domain: string, before: number, limit: number): Promise<number> {
    return this.d.reports.deleteBefore(domain, before, limit);
  }

  held(domain: string): Promise<{ count: number; oldest: number | null }> {
    return this.d.reports.held(domain);
  }
}
