import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

// Reports (part 2 §2, §3, §7, §9; issue 29): tables generated on a schedule and on demand, listed, shown, and
// downloaded as CSV. Cells are text, numbers, dates, links (to /credential/{id}) or images.

export const REPORT_KINDS = ['credential_mismatch', 'badge_sharing', 'tailgating', 'elopement_alerts'] as const;
export const reportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKindSchema>;

export const REPORT_TITLES: Record<ReportKind, string> = {
  credential_mismatch: 'Credential Mismatch',
  badge_sharing: 'Badge Sharing',
  tailgating: 'Tailgating',
  elopement_alerts: 'Elopement Alerts',
};

export const REPORTS = {
  /** Part 2 §2: the empty list. */
  empty: 'There are no reports available at this time.',
  /** The scheduled reports cover the day before (building time), made once a day per cluster. */
  scheduleEveryMs: 24 * 3600_000,
  /** An on-demand report covers at most this long. */
  maxSpanMs: 92 * 24 * 3600_000,
  /** Rows in one report (the newest kept): the database picks them, so a 92-day report never reads more taps than this. */
  maxRows: 10_000,
  /**
   * On-demand reports a building keeps: one more removes the oldest on-demand one (there is no delete, so refusing
   * would stop everyone until the retention period passed). The daily ones are not counted; retention ends them.
   */
  maxOnDemand: 200,
  /** What one user may ask for in a minute (429 beyond): on-demand reports, and tenant or unit PDFs (door crops each). */
  limits: { generatePerUser: 10, pdfPerUser: 10, windowMs: 60_000 },
  /** The download helper's default file name (part 1 §7). */
  defaultDownloadName: 'activity-report.pdf',
} as const;

export const REPORT_CELL_TYPES = ['text', 'number', 'date', 'date_weekday', 'link', 'image'] as const;

export const reportHeaderSchema = z.object({ key: z.string(), title: z.string(), type: z.enum(REPORT_CELL_TYPES) });
export type ReportHeader = z.infer<typeof reportHeaderSchema>;

/** A cell: text or a number; a date (ISO UTC); a link {text, href}; an image {image} (a signed link). */
export const reportCellSchema = z.union([
  z.string(),
  z.number(),
  z.null(),
  z.object({ text: z.string(), href: z.string() }),
  z.object({ image: z.string() }),
]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportMetadataSchema = z.object({
  title: z.string(),
  kind: reportKindSchema,
  generated: z.string(),
  date_start_ts: z.string(),
  date_end_ts: z.string(),
  /** the building's time zone: dates are shown in it */
  timezone: z.string(),
  rows: z.number().int(),
  /** who asked for it (null: the schedule) */
  generated_by: z.string().nullable(),
});
export type ReportMetadata = z.infer<typeof reportMetadataSchema>;

export const reportSummarySchema = z.object({ id: uuidSchema, metadata: reportMetadataSchema });
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportSchema = reportSummarySchema.extend({
  headers: z.array(reportHeaderSchema),
  values: z.array(z.record(z.string(), reportCellSchema)),
});
export type Report = z.infer<typeof reportSchema>;

export const reportsQuerySchema = z.object({ domain_uuid: uuidSchema });
export const reportsReplySchema = z.object({ ok: z.literal(true), reports: z.array(reportSummarySchema) });
export const reportParamsSchema = z.object({ id: uuidSchema });
export const reportQuerySchema = z.object({ domain_uuid: uuidSchema, format: z.enum(['json', 'csv']).default('json') });
export const reportReplySchema = z.object({ ok: z.literal(true), report: reportSchema, err: z.null() });
export const createReportBodySchema = z
  .object({ domain_uuid: uuidSchema, kind: reportKindSchema, start: isoUtcSchema, end: isoUtcSchema })
  .refine((b) => Date.parse(b.start) < Date.parse(b.end), { message: 'start must be before end', path: ['end'] })
  .refine((b) => Date.parse(b.end) - Date.parse(b.start) <= REPORTS.maxSpanMs, {
    message: 'a report covers at most 92 days',
    path: ['end'],
  });
export const createReportReplySchema = z.object({ ok: z.literal(true), id: uuidSchema });

// ---- formats (part 2 §9)

/** One formatter per time zone: making an Intl.DateTimeFormat costs ~50 µs, a 10,000-row report formats 20,000 dates. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const partsOf = (at: string | number | Date, timeZone: string) => {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
};

/** Part 2 §9: 'MM/DD/YYYY hh:mm A', or with the weekday first ('Mon 01/02/2023 03:04 PM'), in the building's time zone. */
export function formatReportDate(at: string | number | Date, timeZone: string, withWeekday = false): string {
  const p = partsOf(at, timeZone);
  const hour = p.hour === '24' ? '00' : p.hour;
  const text = `${p.month}/${p.day}/${p.year} ${hour}:${p.minute} ${String(p.dayPeriod).toUpperCase()}`;
  return withWeekday ? `${p.weekday} ${text}` : text;
}

/** A cell as plain text (the CSV and the search): a link's text, an image's link, a date formatted. */
export function cellText(cell: ReportCell | undefined, type: ReportHeader['type'], timeZone: string): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'string') {
    if ((type === 'date' || type === 'date_weekday') && !Number.isNaN(Date.parse(cell)))
      return formatReportDate(cell, timeZone, type === 'date_weekday');
    return cell;
  }
  return 'text' in cell ? cell.text : cell.image;
}

/** How a stored report names a face picture: the detection's id, made a link when the report is read. */
export const DETECTION_IMAGE = 'detection:';

/** The rows with every stored picture reference (`detection:<id>`) replaced by `link(id)`. */
export function resolveImages(values: Report['values'], link: (detection: string) => string): Report['values'] {
  return values.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, cell]) => [
        key,
        cell !== null && typeof cell === 'object' && 'image' in cell && cell.image.startsWith(DETECTION_IMAGE)
          ? { image: link(cell.image.slice(DETECTION_IMAGE.length)) }
          : cell,
      ]),
    ),
  );
}
