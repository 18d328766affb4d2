import { describe, expect, it } from 'vitest';
import { zonedDayStart, zonedParts } from './sun.js';

describe('zonedParts', () => {
  it('agrees with Intl every 7 minutes through 2026, across daylight-saving changes and odd offsets', () => {
    for (const timeZone of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns']) {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        weekday: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (let ms = start; ms < start + 365 * 86_400_000; ms += 7 * 60_000 * 11) {
        const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
        const expected = {
          year: Number(parts.year),
          month: Number(parts.month),
          day: Number(parts.day),
          weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!),
          minutes: Number(parts.hour) * 60 + Number(parts.minute),
        };
        const actual = zonedParts(ms, timeZone);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          expect({ timeZone, at: new Date(ms).toISOString(), actual }).toEqual({
            timeZone,
            at: new Date(ms).toISOString(),
            actual: expected,
          });
      }
    }
  });
});

describe('zonedDayStart', () => {
  it('is local midnight of the day, in winter and summer, and on the day clocks change', () => {
    expect(new Date(zonedDayStart('2026-01-15', 'America/New_York')).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(new Date(zonedDayStart('2026-07-15', 'America/New_York')).toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(new Date(zonedDayStart('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(zonedDayStart('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(zonedDayStart('2026-06-01', 'UTC')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(new Date(zonedDayStart('2026-06-01', 'Asia/Kolkata')).toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });
});
