import { cellText, type Report, type ReportCell, type ReportHeader } from '@vigil/contract';

export type ReportRow = Report['values'][number];
export type SortDirection = 'ascending' | 'descending';
export interface ReportSort {
  key: string;
  direction: SortDirection;
}

/** Pictures have no order. */
export const isSortable = (header: ReportHeader): boolean => header.type !== 'image';

/** Part 2 §4: a click on a column sorts by it; a click on the same column again reverses it. */
export function nextSort(current: ReportSort | null, key: string): ReportSort {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

/**
 * Each row's searchable text: its cells as shown (cellText), lower-cased, one per line so a term cannot span two
 * cells. Pictures are left out: their text is a signed link nobody sees.
 */
export function searchIndex(values: readonly ReportRow[], headers: readonly ReportHeader[], timeZone: string): string[] {
  const shown = headers.filter((h) => h.type !== 'image');
  return values.map((row) => shown.map((h) => cellText(row[h.key], h.type, timeZone).toLowerCase()).join('\n'));
}

/** The rows whose text includes the trimmed term, case-insensitive (all of them for an empty term), in their order. */
export function searchRows<T>(rows: readonly T[], index: readonly string[], term: string): T[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [...rows];
  return rows.filter((_, i) => index[i]?.includes(needle));
}

type SortKey = number | string | null;

/** What a cell sorts by: dates by time, numbers by value, links by their text, text as text; empty cells are null. */
export function sortKey(cell: ReportCell | undefined, type: ReportHeader['type']): SortKey {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string') {
    if (type === 'date' || type === 'date_weekday') {
      const time = Date.parse(cell);
      if (!Number.isNaN(time)) return time;
    }
    if (type === 'number' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
    return cell;
  }
  return 'text' in cell ? cell.text : null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Numbers before text; both ascending. */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

/** The rows sorted by a column (stable: equal cells keep their order); empty cells go last either way. */
export function sortRows<T extends ReportRow>(rows: readonly T[], headers: readonly ReportHeader[], sort: ReportSort | null): T[] {
  const header = sort && headers.find((h) => h.key === sort.key);
  if (!sort || !header) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row) => ({ row, key: sortKey(row[header.key], header.type) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
      return sign * compareKeys(a.key, b.key);
    })
    .map(({ row }) => row);
}
