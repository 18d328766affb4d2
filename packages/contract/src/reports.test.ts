import { describe, expect, it } from 'vitest';
import { cellText, createReportBodySchema, formatReportDate } from './reports.js';

describe('report formats (part 2 §9)', () => {
  it("formats dates as MM/DD/YYYY hh:mm A, or with the weekday, in the building's time zone", () => {
    expect(formatReportDate('2023-01-02T20:04:00Z', 'America/New_York')).toBe('01/02/2023 03:04 PM');
    expect(formatReportDate('2023-01-02T20:04:00Z', 'America/New_York', true)).toBe('Mon 01/02/2023 03:04 PM');
    expect(formatReportDate('2023-01-02T05:00:00Z', 'UTC')).toBe('01/02/2023 05:00 AM');
    expect(formatReportDate('2023-01-02T00:30:00Z', 'UTC')).toBe('01/02/2023 12:30 AM');
  });

  it('gives every kind of cell a text', () => {
    expect(cellText({ text: 'Anna', href: '/credential/X' }, 'link', 'UTC')).toBe('Anna');
    expect(cellText({ image: 'https://x/y.jpg' }, 'image', 'UTC')).toBe('https://x/y.jpg');
    expect(cellText('2023-01-02T05:00:00Z', 'date', 'UTC')).toBe('01/02/2023 05:00 AM');
    expect(cellText(3, 'number', 'UTC')).toBe('3');
    expect(cellText(null, 'text', 'UTC')).toBe('');
  });

  it('refuses a report whose end is not after its start, or longer than 92 days', () => {
    const body = (start: string, end: string) => ({ domain_uuid: '00000000-0000-4000-8000-000000000000', kind: 'tailgating', start, end });
    expect(createReportBodySchema.safeParse(body('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).success).toBe(true);
    expect(createReportBodySchema.safeParse(body('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')).success).toBe(false);
    expect(createReportBodySchema.safeParse(body('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z')).success).toBe(false);
  });
});
