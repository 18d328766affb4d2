import { randomUUID } from 'node:crypto';
import {
  REPORT_KINDS,
  REPORT_TITLES,
  REPORTS,
  formatUtc,
  resolveImages,
  type Report,
  type ReportHeader,
  type ReportKind,
  type ReportSummary,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { ReportRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-error.js';
import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import { buildReport, previousDay, type ReportSources } from './report-builder.js';
import { reportCsv } from './report-csv.js';
import type { ReportsRepository } from './reports.repository.js';

/** Reports listed per building (the newest). */
const LIST_LIMIT = 500;

type Summary = Omit<ReportRow, 'headers' | 'body'>;

/**
 * Reports (part 2 §2, §7): generated once a day per building for the day before (the schedule, run once per cluster)
 * and on demand, listed, shown as a table and downloaded as CSV (RFC 4180, formulas neutralised). keycard/view_reports.
 */
export class ReportsService {
  constructor(
    private readonly d: {
      reports: ReportsRepository;
      domains: DomainDirectory;
      sources: ReportSources;
      /** a face picture's signed link (the table) */
      faceImage: (detection: string) => string;
      clock: Clock;
      audit?: Pick<AuditService, 'record'>;
    },
  ) {}

  async list(principal: Principal, domain: string): Promise<{ ok: true; reports: ReportSummary[] }> {
    requireEntitlement(principal, domain, 'keycard', 'view_reports');
    const timezone = (await this.d.domains.findOne(domain))?.timezone ?? 'UTC';
    return { ok: true, reports: (await this.d.reports.list(domain, LIST_LIMIT)).map((r) => this.summary(r, timezone)) };
  }

  /** A stored report as a table (reading it is audited: what it shows names residents and badge holders). */
  async one(principal: Principal, domain: string, id: string): Promise<Report> {
    const report = await this.read(principal, domain, id);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'viewed_report',
      domain,
      subject: id,
      detail: { report: report.metadata.kind, rows: report.values.length },
    });
    return { ...report, values: resolveImages(report.values, this.d.faceImage) };
  }

  private async read(principal: Principal, domain: string, id: string): Promise<Report> {
    requireEntitlement(principal, domain, 'keycard', 'view_reports');
    const row = await this.d.reports.one(domain, id);
    if (!row) throw notFound('No such report in this building.');
    const timezone = (await this.d.domains.findOne(domain))?.timezone ?? 'UTC';
    return {
      ...this.summary(row, timezone),
      headers: JSON.parse(row.headers) as ReportHeader[],
      values: JSON.parse(row.body) as Report['values'],
    };
  }

  /** The report as CSV: a header row of titles, cells as text (dates in the building's format), formulas neutralised. */
  async csv(principal: Principal, domain: string, id: string): Promise<{ csv: string; fileName: string }> {
    const report = await this.read(principal, domain, id);
    const { csv, rows } = reportCsv(report);
    const day = report.metadata.date_start_ts.slice(0, 10);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'downloaded_report',
      domain,
      subject: id,
      detail: { report: report.metadata.kind, rows },
    });
    return { csv, fileName: `${report.metadata.kind.replaceAll('_', '-')}-${day}.csv` };
  }

  /** On demand: a report of a kind over a period, made now (audited). */
  async create(
    principal: Principal,
    body: { domain_uuid: string; kind: ReportKind; start: string; end: string },
  ): Promise<{ ok: true; id: string }> {
    requireEntitlement(principal, body.domain_uuid, 'keycard', 'view_reports');
    if (!(await this.d.domains.findOne(body.domain_uuid))) throw notFound('No such building.');
    const [start, end] = [Date.parse(body.start), Date.parse(body.end)];
    const { id, rows } = await this.make(body.domain_uuid, body.kind, start, end, principal.user.email);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'generated_report',
      domain: body.domain_uuid,
      subject: id,
      detail: { report: body.kind, from: body.start, to: body.end, rows },
    });
    return { ok: true, id };
  }

  /**
   * The schedule's run: for every building, each kind's report of the day before (building time), unless made already
   * (a run that stopped half-way finishes the rest next time). The number made.
   */
  async generateScheduled(): Promise<number> {
    let made = 0;
    for (const domain of await this.d.domains.allUuids()) {
      const timezone = (await this.d.domains.findOne(domain))?.timezone ?? 'UTC';
      const { start, end } = previousDay(this.d.clock.now(), timezone);
      for (const kind of REPORT_KINDS) {
        if (await this.d.reports.scheduled(domain, kind, start)) continue;
        await this.generate(domain, kind, start, end, null);
        made += 1;
      }
    }
    return made;
  }

  /**
   * Makes a report of a kind over a period now, in the name of `by` (null: the schedule); its id. At most
   * REPORTS.maxRows rows (the newest); an on-demand one past the building's REPORTS.maxOnDemand removes the oldest.
   */
  async generate(domain: string, kind: ReportKind, start: number, end: number, by: string | null): Promise<string> {
    return (await this.make(domain, kind, start, end, by)).id;
  }

  private async make(
    domain: string,
    kind: ReportKind,
    start: number,
    end: number,
    by: string | null,
  ): Promise<{ id: string; rows: number }> {
    const table = await buildReport(this.d.sources, kind, domain, start, end, REPORTS.maxRows);
    const uuid = randomUUID();
    const row = {
      uuid,
      domain_uuid: domain,
      kind,
      title: REPORT_TITLES[kind],
      generated_at: this.d.clock.now(),
      start_at: start,
      end_at: end,
      generated_by: by,
      row_count: table.rows.length,
      headers: JSON.stringify(table.headers),
      body: JSON.stringify(table.rows.map((r) => r.cells)),
    };
    await this.d.reports.insert(
      row,
      table.rows.map((r) => r.about),
      REPORTS.maxOnDemand,
    );
    return { id: uuid, rows: table.rows.length };
  }

  private summary(row: Summary, timezone: string): ReportSummary {
    return {
      id: row.uuid,
      metadata: {
        title: row.title,
        kind: row.kind as ReportKind,
        generated: formatUtc(new Date(row.generated_at)),
        date_start_ts: formatUtc(new Date(row.start_at)),
        date_end_ts: formatUtc(new Date(row.end_at)),
        timezone,
        rows: row.row_count,
        generated_by: row.generated_by,
      },
    };
  }

  /** Retention: a building's reports generated before `before`. */
  purgeBefore(domain: string, before: number, limit: number): Promise<number> {
    return this.d.reports.deleteBefore(domain, before, limit);
  }
}
