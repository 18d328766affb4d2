import type { Executor, Trx } from '../../db/database.js';
import type { ReportsRepository } from './reports.repository.js';

const names = (row: Record<string, unknown>, needles: readonly string[]) => {
  const text = JSON.stringify(row);
  return needles.some((n) => n.length > 0 && text.includes(JSON.stringify(n).slice(1, -1)));
};

/** An erasure's share of the stored reports: the rows that name the person (by name or badge link) are taken out. */
export class ReportScrubber {
  constructor(private readonly d: { reports: Pick<ReportsRepository, 'bodies' | 'setBody'> }) {}

  async countRows(db: Executor, domain: string, needles: readonly string[]): Promise<number> {
    let n = 0;
    for (const report of await this.d.reports.bodies(db, domain))
      n += (JSON.parse(report.body) as Record<string, unknown>[]).filter((row) => names(row, needles)).length;
    return n;
  }

  async removeRows(trx: Trx, domain: string, needles: readonly string[]): Promise<number> {
    let n = 0;
    for (const report of await this.d.reports.bodies(trx, domain)) {
      const rows = JSON.parse(report.body) as Record<string, unknown>[];
      const kept = rows.filter((row) => !names(row, needles));
      if (kept.length === rows.length) continue;
      n += rows.length - kept.length;
      await this.d.reports.setBody(trx, report.uuid, JSON.stringify(kept), kept.length);
    }
    return n;
  }
}
