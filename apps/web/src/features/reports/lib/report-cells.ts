import { cellText, formatReportDate, type ReportCell, type ReportHeader, type ReportMetadata } from '@vigil/contract';

/** How one cell is drawn: the spec's cell kinds (part 2 §2, §9), each with the text a person reads. */
export type CellView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'date'; text: string; dateTime: string }
  /** `to` is null when the href is not a path inside the app: then it shows as text */
  | { kind: 'link'; text: string; to: string | null }
  | { kind: 'image'; src: string };

/** A report link's href as an in-app path ('/credential/{id}'); null for anything that would leave the app. */
export function inAppPath(href: string): string | null {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\') ? href : null;
}

/** A cell as the table shows it, by its column's type; dates in the building's time zone. */
export function cellView(cell: ReportCell | undefined, type: ReportHeader['type'], timeZone: string): CellView {
  if (cell === null || cell === undefined || cell === '') return { kind: 'empty' };
  if (typeof cell === 'object') {
    if ('text' in cell) return { kind: 'link', text: cell.text, to: inAppPath(cell.href) };
    return cell.image ? { kind: 'image', src: cell.image } : { kind: 'empty' };
  }
  if (typeof cell === 'number') return { kind: 'number', text: cellText(cell, type, timeZone) };
  if ((type === 'date' || type === 'date_weekday') && !Number.isNaN(Date.parse(cell)))
    return { kind: 'date', text: cellText(cell, type, timeZone), dateTime: cell };
  return { kind: 'text', text: cell };
}

/** 'MM/DD/YYYY hh:mm A – MM/DD/YYYY hh:mm A': the period a report covers, in the building's time zone. */
export function reportPeriod(metadata: Pick<ReportMetadata, 'date_start_ts' | 'date_end_ts' | 'timezone'>): string {
  return `${formatReportDate(metadata.date_start_ts, metadata.timezone)} – ${formatReportDate(metadata.date_end_ts, metadata.timezone)}`;
}

/** The CSV's name when the reply names none (the server's own pattern: kind and first day). */
export function reportCsvFileName(metadata: Pick<ReportMetadata, 'kind' | 'date_start_ts'>): string {
  return `${metadata.kind.replaceAll('_', '-')}-${metadata.date_start_ts.slice(0, 10)}.csv`;
}
