import type { RetentionEntry } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { changesOf } from './period-changes';

const entry = (category: RetentionEntry['category'], min_days: number): RetentionEntry => ({
  category,
  days: 730,
  source: 'default',
  default_days: 730,
  min_days,
  scope: 'building',
  held: { count: 0, bytes: null, oldest: null },
});
const entries = [entry('audit', 400), entry('strangers', 1)];

describe('the periods typed on the privacy page', () => {
  it('are saved when each is within its bounds, or back to the default', () => {
    expect(changesOf({ audit: 400, strangers: 1, detections: 'default' }, entries)).toEqual({
      retention: { audit: 400, strangers: 1, detections: null },
      problem: null,
    });
  });

  it('are not saved below the audit trail’s floor, which the problem names', () => {
    expect(changesOf({ audit: 399 }, entries).problem).toBe('Audit trail is kept at least 400 days on this installation.');
    expect(changesOf({ audit: 1 }, entries).problem).toMatch(/at least 400 days/);
  });

  it('are not saved empty or out of the days allowed', () => {
    expect(changesOf({ strangers: '' }, entries).problem).toBe('Each period is a whole number of days from 1 to 3650.');
    expect(changesOf({ strangers: 4000 }, entries).problem).toMatch(/from 1 to 3650/);
  });
});
