import { describe, expect, it } from 'vitest';
import { formatBytes, formatDays, formatHeld } from './format-held';

describe('what a retention category holds, as the privacy page says it', () => {
  it('gives sizes in the unit a person reads at a glance', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.2 * 1024 ** 3)).toBe('3.2 GB');
    expect(formatBytes(150 * 1024 ** 2)).toBe('150 MB');
  });

  it('counts items, with their size where it is known, and says Nothing when empty', () => {
    expect(formatHeld({ count: 0, bytes: 0, oldest: null })).toBe('Nothing');
    expect(formatHeld({ count: 1, bytes: null, oldest: '2026-01-01T00:00:00.000Z' }, 'en-US')).toBe('1 item');
    expect(formatHeld({ count: 1204, bytes: 2048, oldest: '2026-01-01T00:00:00.000Z' }, 'en-US')).toBe('1,204 items · 2.0 KB');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(90)).toBe('90 days');
  });
});
