import { cellText, resolveImages, type Report } from '@vigil/contract';
import { stringify } from 'csv-stringify/sync';

/**
 * A report as CSV (RFC 4180: fields with a comma, quote or line break quoted, quotes doubled, CRLF line ends; by
 * csv-stringify): a header row of the column titles, then the cells as the page shows them (dates in the building's
 * time zone). A picture is the spec's stable image path, not a signed link that would expire in the file. A cell a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) starts with an apostrophe (escape_formulas).
 */
export function reportCsv(report: Pick<Report, 'headers' | 'values' | 'metadata'>): { csv: string; rows: number } {
  const values = resolveImages(report.values, (detection) => `/api/v4/faceimage/${detection}`);
  const rows = values.map((row) => report.headers.map((h) => cellText(row[h.key], h.type, report.metadata.timezone)));
  const csv = stringify(rows, {
    header: true,
    columns: report.headers.map((h) => h.title),
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  return { csv, rows: rows.length };
}
