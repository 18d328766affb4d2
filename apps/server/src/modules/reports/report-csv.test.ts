import { parse } from 'csv-parse/sync';
import type { Report } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { reportCsv } from './report-csv.js';

const report = (values: Report['values']): Pick<Report, 'headers' | 'values' | 'metadata'> => ({
  headers: [
    { key: 'time', title: 'Time', type: 'date_weekday' },
    { key: 'who', title: 'Badge Holder', type: 'link' },
    { key: 'note', title: 'Note, with comma', type: 'text' },
    { key: 'n', title: 'People', type: 'number' },
    { key: 'face', title: 'Face', type: 'image' },
  ],
  values,
  metadata: {
    title: 'Tailgating',
    kind: 'tailgating',
    generated: '2023-01-03T00:00:00Z',
    date_start_ts: '2023-01-02T00:00:00Z',
    date_end_ts: '2023-01-03T00:00:00Z',
    timezone: 'America/New_York',
    rows: values.length,
    generated_by: null,
  },
});

describe('a report as CSV (RFC 4180)', () => {
  it('quotes commas, quotes and line breaks, ends lines with CRLF, and parses back to the cells as shown', () => {
    const { csv, rows } = reportCsv(
      report([
        {
          time: '2023-01-02T20:04:00Z',
          who: { text: 'Ann "Nan" Lee', href: '/credential/X' },
          note: 'two\nlines, and a comma',
          n: 2,
          face: { image: 'detection:0b7f7d1e-7d4b-4c55-9a6e-0a1b2c3d4e5f' },
        },
        { time: null, who: null, note: '', n: 0, face: null },
      ]),
    );
    expect(rows).toBe(2);
    expect(csv.split('\r\n')[0]).toBe('Time,Badge Holder,"Note, with comma",People,Face');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parse(csv, { columns: true })).toEqual([
      {
        Time: 'Mon 01/02/2023 03:04 PM',
        'Badge Holder': 'Ann "Nan" Lee',
        'Note, with comma': 'two\nlines, and a comma',
        People: '2',
        Face: '/api/v4/faceimage/0b7f7d1e-7d4b-4c55-9a6e-0a1b2c3d4e5f',
      },
      { Time: '', 'Badge Holder': '', 'Note, with comma': '', People: '0', Face: '' },
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const cells = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];
    const { csv } = reportCsv(report(cells.map((note) => ({ time: null, who: null, note, n: 1, face: null }))));
    const parsed = parse(csv, { columns: true, relax_quotes: true }) as Record<string, string>[];
    expect(parsed.map((r) => r['Note, with comma'])).toEqual(cells.map((c) => `'${c}`));
  });
});
