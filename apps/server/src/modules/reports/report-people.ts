import type { ReportCell, ReportHeader, ReportKind } from '@vigil/contract';
import type { Executor, Trx } from '../../db/database.js';
import type { ReportSubject } from './report-builder.js';
import type { ReportsRepository } from './reports.repository.js';

/** A stored report's row about a person, with its report (a subject access export lists them). */
export interface PersonReportRow {
  report: string;
  kind: ReportKind;
  title: string;
  generatedAt: number;
  start: number;
  end: number;
  headers: ReportHeader[];
  cells: Record<string, ReportCell>;
}

/**
 * The reports' share of a person's erasure and export: the stored rows about them, found by id (the registry person's,
 * their badge identities'), never by the text of a row, so someone whose name contains theirs, or a door named like
 * them, keeps their rows.
 */
export class ReportPeople {
  constructor(private readonly d: { reports: Pick<ReportsRepository, 'rowsAbout' | 'withPeople' | 'rewrite'> }) {}

  async count(db: Executor, domain: string, subjects: readonly string[]): Promise<number> {
    return (await this.d.reports.rowsAbout(db, domain, subjects)).length;
  }

  /** Their rows, report by report, oldest report first. */
  async rows(db: Executor, domain: string, subjects: readonly string[]): Promise<PersonReportRow[]> {
    const hits = await this.d.reports.rowsAbout(db, domain, subjects);
    const out: PersonReportRow[] = [];
    for (const { report } of await this.d.reports.withPeople(db, [...new Set(hits.map((h) => h.report_uuid))])) {
      const body = JSON.parse(report.body) as Record<string, ReportCell>[];
      const headers = JSON.parse(report.headers) as ReportHeader[];
      const mine = new Set(hits.filter((h) => h.report_uuid === report.uuid).map((h) => h.row_index));
      for (const [index, cells] of body.entries())
        if (mine.has(index))
          out.push({
            report: report.uuid,
            kind: report.kind as ReportKind,
            title: report.title,
            generatedAt: Number(report.generated_at),
            start: Number(report.start_at),
            end: Number(report.end_at),
            headers,
            cells,
          });
    }
    return out.sort((a, b) => a.generatedAt - b.generatedAt || a.report.localeCompare(b.report));
  }

  /** In the erasure's transaction: their rows taken out of every report of the building; how many went. */
  async remove(trx: Trx, domain: string, subjects: readonly string[]): Promise<number> {
    const hits = await this.d.reports.rowsAbout(trx, domain, subjects);
    let removed = 0;
    for (const { report, people } of await this.d.reports.withPeople(trx, [...new Set(hits.map((h) => h.report_uuid))])) {
      const gone = new Set(hits.filter((h) => h.report_uuid === report.uuid).map((h) => h.row_index));
      const rows = JSON.parse(report.body) as unknown[];
      const about = rows.map(() => [] as ReportSubject[]);
      for (const p of people) about[p.row_index]?.push({ kind: p.kind, uuid: p.subject_uuid });
      const kept = rows.flatMap((row, i) => (gone.has(i) ? [] : [{ row, about: about[i]! }]));
      removed += rows.length - kept.length;
      await this.d.reports.rewrite(
        trx,
        report,
        JSON.stringify(kept.map((k) => k.row)),
        kept.length,
        kept.map((k) => k.about),
      );
    }
    return removed;
  }
}
