import { describe, expect, it } from 'vitest';
import {
  RETENTION,
  RETENTION_CATEGORIES,
  RETENTION_DEFAULT_DAYS,
  alertPastPeriod,
  detectionCategory,
  nextSweepAt,
  parseStoredRetention,
  privacyUpdateSchema,
  resolveRetention,
  retentionBelowFloor,
  retentionChanges,
  retentionCutoff,
  retentionEnvName,
  retentionMinDays,
} from './privacy.js';

const DAY = RETENTION.dayMs;
const BUILDING = '2f1c0e8a-9a55-4c6f-8d5e-1b2c3d4e5f60';

describe('retention periods', () => {
  it('take the building’s own period, else the installation’s, else the default', () => {
    const periods = resolveRetention({ strangers: 3 }, { strangers: 14, detections: 30 });
    expect(periods.strangers).toEqual({ days: 3, source: 'building' });
    expect(periods.detections).toEqual({ days: 30, source: 'env' });
    expect(periods.audit).toEqual({ days: RETENTION_DEFAULT_DAYS.audit, source: 'default' });
    expect(Object.keys(periods)).toEqual([...RETENTION_CATEGORIES]);
  });

  it('never let a building set what belongs to no building (exports, client errors)', () => {
    const periods = resolveRetention({ exports: 400, client_errors: 400 }, { client_errors: 10 });
    expect(periods.exports).toEqual({ days: RETENTION_DEFAULT_DAYS.exports, source: 'default' });
    expect(periods.client_errors).toEqual({ days: 10, source: 'env' });
  });

  it('read a stored setting leniently: unknown categories, bad days and broken JSON are ignored', () => {
    expect(parseStoredRetention('{"strangers":5,"clips":0,"events":1.5,"bogus":3,"exports":9,"audit":3650}')).toEqual({
      strangers: 5,
      audit: 3650,
    });
    expect(parseStoredRetention('not json')).toEqual({});
    expect(parseStoredRetention('[1,2]')).toEqual({});
    expect(parseStoredRetention(null)).toEqual({});
  });

  it('name each category’s environment variable', () => {
    expect(retentionEnvName('client_errors')).toBe('VIGIL_RETENTION_CLIENT_ERRORS_DAYS');
    expect(retentionEnvName('strangers')).toBe('VIGIL_RETENTION_STRANGERS_DAYS');
  });

  it('keep the audit trail at least its floor: a year, or more where the installation raised it', () => {
    expect(RETENTION.auditMinDays).toBe(365);
    expect(resolveRetention({ audit: 1 }, {}).audit).toEqual({ days: 365, source: 'floor' });
    expect(resolveRetention({}, { audit: 30 }).audit).toEqual({ days: 365, source: 'floor' });
    expect(resolveRetention({ audit: 400 }, {}, { audit: 500 }).audit).toEqual({ days: 500, source: 'floor' });
    expect(resolveRetention({ audit: 600 }, {}, { audit: 500 }).audit).toEqual({ days: 600, source: 'building' });
    // An installation floor cannot lower it, and other categories keep their 1-day minimum.
    expect(retentionMinDays('audit', { audit: 30 })).toBe(365);
    expect(retentionMinDays('strangers', {})).toBe(RETENTION.minDays);
    expect(resolveRetention({ strangers: 1 }, {}).strangers).toEqual({ days: 1, source: 'building' });
  });

  it('refuse a change below a floor, naming it; a change back to the default (null) is no period', () => {
    expect(retentionBelowFloor({ audit: 364 }, {})).toBe(
      'The audit trail is kept at least 365 days on this installation: 364 days is too short. Nothing was changed.',
    );
    expect(retentionBelowFloor({ strangers: 3, audit: 499 }, { audit: 500 })).toMatch(/at least 500 days/);
    expect(retentionBelowFloor({ audit: 365, strangers: 1 }, {})).toBeNull();
    expect(retentionBelowFloor({ audit: null }, { audit: 500 })).toBeNull();
  });

  it('list what a change moves, for the audit entry', () => {
    const before = resolveRetention({}, {});
    const after = resolveRetention({ strangers: 3, detections: RETENTION_DEFAULT_DAYS.detections }, {});
    expect(retentionChanges(before, after)).toEqual([{ category: 'strangers', from: RETENTION_DEFAULT_DAYS.strangers, to: 3 }]);
    expect(retentionChanges(before, before)).toEqual([]);
  });
});

describe('the cutoff rule', () => {
  const now = Date.UTC(2026, 2, 10, 12);

  it('puts the cutoff a whole number of days before now', () => {
    expect(retentionCutoff(now, 7)).toBe(now - 7 * DAY);
    expect(retentionCutoff(now, 1)).toBe(now - DAY);
  });

  it('files a detection under answered, matched or unmatched', () => {
    expect(detectionCategory({ frontend_face_uuid: null, match_confirmed: null })).toBe('strangers');
    expect(detectionCategory({ frontend_face_uuid: 'p', match_confirmed: null })).toBe('detections');
    expect(detectionCategory({ frontend_face_uuid: 'p', match_confirmed: 1 })).toBe('confirmed');
    expect(detectionCategory({ frontend_face_uuid: 'p', match_confirmed: 0 })).toBe('confirmed');
  });

  it('keeps an open alert whatever its age, and a dismissed one until both its moment and its dismissal are past', () => {
    const cutoff = retentionCutoff(now, 365);
    expect(alertPastPeriod({ event_ts: cutoff - 10 * DAY, dismissed_at: null }, cutoff)).toBe(false);
    expect(alertPastPeriod({ event_ts: cutoff - 10 * DAY, dismissed_at: cutoff - 9 * DAY }, cutoff)).toBe(true);
    expect(alertPastPeriod({ event_ts: cutoff - 10 * DAY, dismissed_at: cutoff + DAY }, cutoff)).toBe(false);
    expect(alertPastPeriod({ event_ts: cutoff, dismissed_at: cutoff }, cutoff)).toBe(false);
  });

  it('schedules the next sweep a period after the last one started, never before the server’s first', () => {
    const firstAt = now + 3 * 60_000;
    expect(nextSweepAt({ lastStartedAt: null, everyMs: 3600_000, firstAt })).toBe(firstAt);
    expect(nextSweepAt({ lastStartedAt: now - 10 * 60_000, everyMs: 3600_000, firstAt })).toBe(now + 50 * 60_000);
    expect(nextSweepAt({ lastStartedAt: now - 24 * 3600_000, everyMs: 3600_000, firstAt })).toBe(firstAt);
    expect(nextSweepAt({ lastStartedAt: now, everyMs: null, firstAt })).toBeNull();
  });
});

describe('PUT /api/v1/privacy body', () => {
  it('takes periods in days within the bounds, and null to go back to the installation’s', () => {
    expect(privacyUpdateSchema.safeParse({ domain_uuid: BUILDING, retention: { strangers: 3, audit: null } }).success).toBe(true);
    expect(privacyUpdateSchema.safeParse({ domain_uuid: BUILDING, retention: { clips: RETENTION.maxDays } }).success).toBe(true);
  });

  it('refuses days out of bounds, unknown categories, installation-wide ones and an empty change', () => {
    const refused = (body: object) => privacyUpdateSchema.safeParse({ domain_uuid: BUILDING, ...body });
    expect(refused({ retention: { strangers: 0 } }).success).toBe(false);
    expect(refused({ retention: { strangers: RETENTION.maxDays + 1 } }).success).toBe(false);
    expect(refused({ retention: { strangers: 2.5 } }).success).toBe(false);
    expect(refused({ retention: { faces: 3 } }).success).toBe(false);
    const exports = refused({ retention: { exports: 3 } });
    expect(exports.success).toBe(false);
    expect(exports.error?.issues[0]?.message).toContain('VIGIL_RETENTION_EXPORTS_DAYS');
    expect(refused({}).success).toBe(false);
    expect(refused({ retention: {} }).success).toBe(false);
    expect(refused({ retention: { strangers: 3 }, extra: 1 }).success).toBe(false);
    expect(refused({ retention: { strangers: 3 }, consent_required: true }).success, 'consent has its own call').toBe(false);
    expect(privacyUpdateSchema.safeParse({ domain_uuid: 'maple', retention: { strangers: 3 } }).success).toBe(false);
  });
});
