import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { ReportPersonTable, ReportRow } from '../../db/schema.js';
import type { ReportSubject } from './report-builder.js';

/** Whom one row of a stored report is about (migration 0020). */
export type ReportPerson = ReportPersonTable;

/**
 * Generated reports (migration 0018): a table's headers and rows kept as JSON, and whom each row is about by id
 * (report_people, migration 0020).
 */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /**
   * A report and whom its rows are about, in one transaction; an on-demand one (generated_by set) past the building's
   * `keepOnDemand` removes the oldest on-demand ones.
   */
  async insert(row: ReportRow, about: readonly (readonly ReportSubject[])[], keepOnDemand: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('reports').values(row).execute();
      await this.setPeople(trx, row.uuid, row.domain_uuid, about);
      if (row.generated_by === null) return;
      const beyond = await trx
        .selectFrom('reports')
        .select('uuid')
        .where('domain_uuid', '=', row.domain_uuid)
        .where('generated_by', 'is not', null)
        .orderBy('generated_at', 'desc')
        .orderBy('uuid', 'desc')
        .offset(keepOnDemand)
        .limit(1_000)
        .execute();
      await this.remove(
        trx,
        beyond.map((r) => r.uuid),
      );
    });
  }

  /** A building's reports, newest first, without their rows. */
  list(domain: string, limit: number) {
    return this.db
      .selectFrom('reports')
      .select(['uuid', 'domain_uuid', 'kind', 'title', 'generated_at', 'start_at', 'end_at', 'generated_by', 'row_count'])
      .where('domain_uuid', '=', domain)
      .orderBy('generated_at', 'desc')
      .orderBy('uuid')
      .limit(limit)
      .execute();
  }

  one(domain: string, uuid: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('domain_uuid', '=', domain).where('uuid', '=', uuid).executeTakeFirst();
  }

  /** Whether the schedule made this building's report of this kind for this period already. */
  async scheduled(domain: string, kind: string, start: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('reports')
      .select('uuid')
      .where('domain_uuid', '=', domain)
      .where('kind', '=', kind)
      .where('start_at', '=', start)
      .where('generated_by', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Retention: reports generated before `before`, a batch at a time; how many went. */
  async deleteBefore(domain: string, before: number, limit: number): Promise<number> {
    const ids = await this.db
      .selectFrom('reports')
      .select('uuid')
      .where('domain_uuid', '=', domain)
      .where('generated_at', '<', before)
      .limit(limit)
      .execute();
    if (ids.length === 0) return 0;
    return this.db.transaction().execute((trx) =>
      this.remove(
        trx,
        ids.map((r) => r.uuid),
      ),
    );
  }

  /** Reports and whom their rows name (deleted by name: nothing depends on the engine's foreign-key settings). */
  private async remove(trx: Trx, uuids: readonly string[]): Promise<number> {
    let n = 0;
    await eachChunk(uuids, async (slice) => {
      await trx.deleteFrom('report_people').where('report_uuid', 'in', slice).execute();
      n += Number((await trx.deleteFrom('reports').where('uuid', 'in', slice).executeTakeFirst()).numDeletedRows);
    });
    return n;
  }

  /** How many reports a building holds, and the oldest. */
  async held(domain: string): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('generated_at').as('oldest')])
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
  }

  // ---- whom rows are about (an erasure, a subject access export)

  /** The rows of the building's reports about any of `subjects`: report and row, once each. */
  async rowsAbout(db: Executor, domain: string, subjects: readonly string[]): Promise<{ report_uuid: string; row_index: number }[]> {
    const rows = await chunked(subjects, (slice) =>
      db
        .selectFrom('report_people')
        .select(['report_uuid', 'row_index'])
        .where('domain_uuid', '=', domain)
        .where('subject_uuid', 'in', slice)
        .execute(),
    );
    const seen = new Map(
      rows.map((r) => [`${r.report_uuid}/${r.row_index}`, { report_uuid: r.report_uuid, row_index: Number(r.row_index) }]),
    );
    return [...seen.values()];
  }

  /** These reports whole (their rows and whom each is about). */
  async withPeople(db: Executor, uuids: readonly string[]): Promise<{ report: ReportRow; people: ReportPerson[] }[]> {
    const reports = await chunked(uuids, (slice) => db.selectFrom('reports').selectAll().where('uuid', 'in', slice).execute());
    const people = await chunked(uuids, (slice) => db.selectFrom('report_people').selectAll().where('report_uuid', 'in', slice).execute());
    return reports.map((report) => ({
      report,
      people: people.filter((p) => p.report_uuid === report.uuid).map((p) => ({ ...p, row_index: Number(p.row_index) })),
    }));
  }

  /** A report's rows replaced (an erasure took some out), with whom each remaining row is about. */
  async rewrite(trx: Trx, report: ReportRow, body: string, rows: number, about: readonly (readonly ReportSubject[])[]): Promise<void> {
    await trx.updateTable('reports').set({ body, row_count: rows }).where('uuid', '=', report.uuid).execute();
    await trx.deleteFrom('report_people').where('report_uuid', '=', report.uuid).execute();
    await this.setPeople(trx, report.uuid, report.domain_uuid, about);
  }

  private async setPeople(trx: Trx, report: string, domain: string, about: readonly (readonly ReportSubject[])[]): Promise<void> {
    const values = about.flatMap((subjects, row) =>
      [...new Map(subjects.map((s) => [s.uuid, s])).values()].map((s) => ({
        report_uuid: report,
        domain_uuid: domain,
        row_index: row,
        subject_uuid: s.uuid,
        kind: s.kind,
      })),
    );
    await eachChunk(values, (slice) => trx.insertInto('report_people').values(slice).execute());
  }
}
