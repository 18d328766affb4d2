import { describe, expect, it } from 'vitest';
import { cellView, inAppPath, reportCsvFileName, reportPeriod } from './report-cells';

const NY = 'America/New_York';

describe('cellView', () => {
  it("shows dates as 'MM/DD/YYYY hh:mm A' in the building's time zone, or with the weekday first (part 2 §9)", () => {
    expect(cellView('2026-03-04T14:05:00.000Z', 'date', NY)).toEqual({
      kind: 'date',
      text: '03/04/2026 09:05 AM',
      dateTime: '2026-03-04T14:05:00.000Z',
    });
    expect(cellView('2026-03-04T14:05:00.000Z', 'date_weekday', NY)).toMatchObject({ text: 'Wed 03/04/2026 09:05 AM' });
    expect(cellView('2026-03-05T04:30:00Z', 'date', NY)).toMatchObject({ text: '03/04/2026 11:30 PM' });
    expect(cellView('2026-03-04T17:00:00Z', 'date', 'UTC')).toMatchObject({ text: '03/04/2026 05:00 PM' });
    // Midnight is 12 AM, noon 12 PM.
    expect(cellView('2026-03-04T05:00:00Z', 'date', NY)).toMatchObject({ text: '03/04/2026 12:00 AM' });
    expect(cellView('2026-03-04T17:00:00Z', 'date', NY)).toMatchObject({ text: '03/04/2026 12:00 PM' });
  });

  it('keeps a date column cell that is not a date as text', () => {
    expect(cellView('unknown', 'date', NY)).toEqual({ kind: 'text', text: 'unknown' });
  });

  it('links in-app hrefs and shows any other href as text', () => {
    expect(cellView({ text: 'Ada Lovelace', href: '/credential/0123456789abcdef' }, 'link', NY)).toEqual({
      kind: 'link',
      text: 'Ada Lovelace',
      to: '/credential/0123456789abcdef',
    });
    expect(cellView({ text: 'Elsewhere', href: 'https://example.com/x' }, 'link', NY)).toMatchObject({ to: null });
  });

  it('shows pictures, numbers and text as they are; nothing for an empty cell', () => {
    expect(cellView({ image: '/media/x.jpg?sig=1' }, 'image', NY)).toEqual({ kind: 'image', src: '/media/x.jpg?sig=1' });
    expect(cellView(3.5, 'number', NY)).toEqual({ kind: 'number', text: '3.5' });
    expect(cellView(0, 'number', NY)).toEqual({ kind: 'number', text: '0' });
    expect(cellView('Front door', 'text', NY)).toEqual({ kind: 'text', text: 'Front door' });
    expect(cellView(null, 'text', NY)).toEqual({ kind: 'empty' });
    expect(cellView(undefined, 'date', NY)).toEqual({ kind: 'empty' });
    expect(cellView('', 'text', NY)).toEqual({ kind: 'empty' });
    expect(cellView({ image: '' }, 'image', NY)).toEqual({ kind: 'empty' });
  });
});

describe('inAppPath', () => {
  it('accepts paths of this app only', () => {
    expect(inAppPath('/credential/0123456789abcdef')).toBe('/credential/0123456789abcdef');
    expect(inAppPath('//evil.example/x')).toBeNull();
    expect(inAppPath('/\\evil.example')).toBeNull();
    expect(inAppPath('javascript:alert(1)')).toBeNull();
    expect(inAppPath('credential/1')).toBeNull();
  });
});

describe('reportPeriod and reportCsvFileName', () => {
  const metadata = {
    kind: 'badge_sharing' as const,
    date_start_ts: '2026-03-03T05:00:00.000Z',
    date_end_ts: '2026-03-04T05:00:00.000Z',
    timezone: NY,
  };
  it('shows the period in the building time zone', () => {
    expect(reportPeriod(metadata)).toBe('03/03/2026 12:00 AM – 03/04/2026 12:00 AM');
  });
  it('names the CSV after the kind and first day', () => {
    expect(reportCsvFileName(metadata)).toBe('badge-sharing-2026-03-03.csv');
  });
});
