import type { ReportHeader } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { isSortable, nextSort, searchIndex, searchRows, sortKey, sortRows, type ReportRow } from './report-rows';

const NY = 'America/New_York';
const HEADERS: ReportHeader[] = [
  { key: 'time', title: 'Time', type: 'date_weekday' },
  { key: 'person', title: 'Person', type: 'link' },
  { key: 'door', title: 'Door', type: 'text' },
  { key: 'taps', title: 'Taps', type: 'number' },
  { key: 'face', title: 'Face', type: 'image' },
];
const row = (time: string | null, person: string, door: string | null, taps: number | null): ReportRow => ({
  time,
  person: { text: person, href: `/credential/${person.toLowerCase().replaceAll(' ', '')}` },
  door,
  taps,
  face: { image: `/media/${person}.jpg?sig=secret` },
});
const ROWS = [
  row('2026-03-04T14:05:00Z', 'Ada Lovelace', 'Front Door 10', 9),
  row('2026-03-02T09:00:00Z', 'Grace Hopper', 'Front Door 2', 10),
  row(null, 'alan turing', null, null),
  row('2026-03-03T23:59:00Z', 'Edsger Dijkstra', 'garden gate', 2),
];
const names = (rows: ReportRow[]) => rows.map((r) => (r.person as { text: string }).text);

describe('nextSort', () => {
  it('sorts by a new column ascending, and reverses on the same column each time', () => {
    const first = nextSort(null, 'door');
    expect(first).toEqual({ key: 'door', direction: 'ascending' });
    const second = nextSort(first, 'door');
    expect(second).toEqual({ key: 'door', direction: 'descending' });
    expect(nextSort(second, 'door')).toEqual({ key: 'door', direction: 'ascending' });
    expect(nextSort(second, 'time')).toEqual({ key: 'time', direction: 'ascending' });
  });
  it('leaves pictures unsortable', () => {
    expect(HEADERS.filter(isSortable).map((h) => h.key)).toEqual(['time', 'person', 'door', 'taps']);
  });
});

describe('sortRows', () => {
  it('sorts dates by time, not by their text', () => {
    expect(names(sortRows(ROWS, HEADERS, { key: 'time', direction: 'ascending' }))).toEqual([
      'Grace Hopper',
      'Edsger Dijkstra',
      'Ada Lovelace',
      'alan turing',
    ]);
  });
  it('sorts numbers numerically, reversed on request, empty cells last either way', () => {
    expect(names(sortRows(ROWS, HEADERS, { key: 'taps', direction: 'ascending' }))).toEqual([
      'Edsger Dijkstra',
      'Ada Lovelace',
      'Grace Hopper',
      'alan turing',
    ]);
    expect(names(sortRows(ROWS, HEADERS, { key: 'taps', direction: 'descending' }))).toEqual([
      'Grace Hopper',
      'Ada Lovelace',
      'Edsger Dijkstra',
      'alan turing',
    ]);
  });
  it('sorts text and links by their text, ignoring case, with numbers inside in order', () => {
    expect(names(sortRows(ROWS, HEADERS, { key: 'person', direction: 'ascending' }))).toEqual([
      'Ada Lovelace',
      'alan turing',
      'Edsger Dijkstra',
      'Grace Hopper',
    ]);
    expect(names(sortRows(ROWS, HEADERS, { key: 'door', direction: 'ascending' }))).toEqual([
      'Grace Hopper',
      'Ada Lovelace',
      'Edsger Dijkstra',
      'alan turing',
    ]);
  });
  it('keeps the order without a sort or with an unknown column, and never changes its input', () => {
    const before = [...ROWS];
    expect(sortRows(ROWS, HEADERS, null)).toEqual(ROWS);
    expect(sortRows(ROWS, HEADERS, { key: 'nope', direction: 'descending' })).toEqual(ROWS);
    sortRows(ROWS, HEADERS, { key: 'taps', direction: 'descending' });
    expect(ROWS).toEqual(before);
  });
  it('is stable: equal cells keep their order in both directions', () => {
    const tied = [row(null, 'B', 'x', 1), row(null, 'A', 'x', 1), row(null, 'C', 'x', 0)];
    expect(names(sortRows(tied, HEADERS, { key: 'taps', direction: 'ascending' }))).toEqual(['C', 'B', 'A']);
    expect(names(sortRows(tied, HEADERS, { key: 'taps', direction: 'descending' }))).toEqual(['B', 'A', 'C']);
  });
  it('puts numbers before text in a mixed column', () => {
    expect(sortKey('12', 'number')).toBe(12);
    expect(sortKey('n/a', 'number')).toBe('n/a');
    const mixed = [row(null, 'T', null, null), row(null, 'N', null, 5)];
    mixed[0]!.taps = 'n/a';
    expect(names(sortRows(mixed, HEADERS, { key: 'taps', direction: 'ascending' }))).toEqual(['N', 'T']);
  });
});

describe('searchRows', () => {
  const index = searchIndex(ROWS, HEADERS, NY);
  it('finds rows by any cell as shown, trimmed and ignoring case', () => {
    expect(names(searchRows(ROWS, index, '  FRONT door '))).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(names(searchRows(ROWS, index, 'turing'))).toEqual(['alan turing']);
    // Dates as shown, in the building's time zone, weekday included.
    expect(names(searchRows(ROWS, index, '03/03/2026 06:59 PM'))).toEqual(['Edsger Dijkstra']);
    expect(names(searchRows(ROWS, index, 'wed'))).toEqual(['Ada Lovelace']);
    expect(names(searchRows(ROWS, index, '10'))).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });
  it('keeps every row for an empty term, and none for a term that spans two cells', () => {
    expect(searchRows(ROWS, index, '   ')).toEqual(ROWS);
    expect(searchRows(ROWS, index, 'lovelace front')).toEqual([]);
    // A picture's signed link is not text anyone sees.
    expect(searchRows(ROWS, index, 'secret')).toEqual([]);
  });
});
