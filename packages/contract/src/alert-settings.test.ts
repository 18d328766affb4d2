import { describe, expect, it } from 'vitest';
import {
  ALERT_DAY_OPTIONS,
  alertRuleInputSchema,
  dayMatches,
  evaluateAlert,
  inTimeRange,
  ruleWindowOpen,
  throttleAllows,
  twilightLabels,
  type RuleCameraState,
  type RuleForEvaluation,
} from './alert-settings.js';
import { civilTwilight, twilightMinutes } from './sun.js';

const NEW_YORK = { timeZone: 'America/New_York', geoloc: '40.7484,-73.9857' };
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('dawn and dusk', () => {
  it('match published civil twilight times within a few minutes', () => {
    // NOAA: New York 2026-06-21 civil dawn 04:52, dusk 21:03 (EDT); 2026-11-22 06:24 and 17:02 (EST).
    const june = twilightLabels(Date.parse('2026-06-21T16:00:00Z'), NEW_YORK);
    expect(Math.abs(minutes(june.dawn!) - minutes('04:52'))).toBeLessThanOrEqual(3);
    expect(Math.abs(minutes(june.dusk!) - minutes('21:03'))).toBeLessThanOrEqual(3);
    const november = twilightLabels(Date.parse('2026-11-22T16:00:00Z'), NEW_YORK);
    expect(Math.abs(minutes(november.dawn!) - minutes('06:24'))).toBeLessThanOrEqual(3);
    expect(Math.abs(minutes(november.dusk!) - minutes('17:02'))).toBeLessThanOrEqual(3);
  });
  it('work south of the equator and say null where the sun never reaches -6°', () => {
    const sydney = twilightMinutes(Date.parse('2026-11-22T02:00:00Z'), 'Australia/Sydney', -33.87, 151.21);
    expect(Math.abs(sydney.dawn! - minutes('05:14'))).toBeLessThanOrEqual(3);
    expect(civilTwilight(Date.parse('2026-06-21T12:00:00Z'), 80, 15)).toEqual({ dawn: null, dusk: null });
    expect(twilightLabels(Date.now(), { timeZone: 'UTC', geoloc: null })).toEqual({ dawn: null, dusk: null });
  });
});

describe('day options', () => {
  it('Day is every day, Weekday Monday to Friday, Weekend Saturday and Sunday, named days themselves', () => {
    expect([0, 1, 2, 3, 4, 5, 6].every((d) => dayMatches(['Day'], d))).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => dayMatches(['Weekday'], d))).toEqual([false, true, true, true, true, true, false]);
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => dayMatches(['Weekend'], d))).toEqual([true, false, false, false, false, false, true]);
    expect(dayMatches(['Sunday'], 0)).toBe(true);
    expect(dayMatches(['Friday'], 5)).toBe(true);
    expect(dayMatches(['Monday', 'Wednesday'], 2)).toBe(false);
  });

  it('offer Day, Weekday, Weekend and every day from Sunday to Saturday, so a Saturday-only rule is possible', () => {
    expect(ALERT_DAY_OPTIONS).toEqual([
      'Day',
      'Weekday',
      'Weekend',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => dayMatches(['Saturday'], d))).toEqual([false, false, false, false, false, false, true]);
    const saturdays = { name: 'Saturday visits', categories: ['Crowd'], days: ['Saturday'], time_range: { mode: 'All Day' } };
    const parsed = alertRuleInputSchema.safeParse({ ...saturdays, idle_seconds: 5, rate_limit_seconds: 30 });
    expect(parsed.success && parsed.data.days).toEqual(['Saturday']);
  });
});

describe('time ranges', () => {
  const twilight = { dawn: 400, dusk: 1000 };
  it('All Day is always open; Between is half-open and may run over midnight', () => {
    expect(inTimeRange({ mode: 'All Day' }, 0, twilight)).toBe(true);
    const office = {
      mode: 'Between' as const,
      start: { kind: 'Fixed' as const, time: '09:00' },
      end: { kind: 'Fixed' as const, time: '17:00' },
    };
    expect(inTimeRange(office, 540, twilight)).toBe(true);
    expect(inTimeRange(office, 1020, twilight)).toBe(false);
    const night = { mode: 'Between' as const, start: { kind: 'Dusk' as const }, end: { kind: 'Dawn' as const } };
    expect(inTimeRange(night, 1000, twilight)).toBe(true);
    expect(inTimeRange(night, 100, twilight)).toBe(true);
    expect(inTimeRange(night, 400, twilight)).toBe(false);
    expect(inTimeRange(night, 700, twilight)).toBe(false);
  });
  it("uses the building's time zone and the day's own dawn and dusk", () => {
    const night = {
      days: ['Day' as const],
      time_range: { mode: 'Between' as const, start: { kind: 'Dusk' as const }, end: { kind: 'Dawn' as const } },
    };
    // 17:30 EST on 22 November is after dusk (17:02); in June it is broad daylight.
    expect(ruleWindowOpen(night, Date.parse('2026-11-22T22:30:00Z'), NEW_YORK)).toBe(true);
    expect(ruleWindowOpen(night, Date.parse('2026-06-21T21:30:00Z'), NEW_YORK)).toBe(false);
    // Sunday 22 November local, even though it is already Monday in UTC at 02:00Z.
    expect(ruleWindowOpen({ days: ['Sunday'], time_range: { mode: 'All Day' } }, Date.parse('2026-11-23T02:00:00Z'), NEW_YORK)).toBe(true);
  });
});

describe('rate limit and idle', () => {
  const rule = { idle_seconds: 10, rate_limit_seconds: 30 } as const;
  it('allows the first alert, then one per rate limit, and only after the camera was quiet for idle seconds', () => {
    expect(throttleAllows(rule, undefined, 0)).toBe(true);
    const state: RuleCameraState = { lastAlertAt: 0, lastSeenAt: 0 };
    expect(throttleAllows(rule, state, 29_000)).toBe(false);
    expect(throttleAllows(rule, state, 30_000)).toBe(true);
    expect(throttleAllows(rule, { lastAlertAt: 0, lastSeenAt: 25_000 }, 31_000)).toBe(false);
  });
  it('someone standing in view raises one alert; a fresh appearance after quiet raises another', () => {
    const r: RuleForEvaluation = {
      id: 'r',
      enabled: true,
      categories: ['Other'],
      camera_uuids: [],
      days: ['Day'],
      time_range: { mode: 'All Day' },
      idle_seconds: 10,
      rate_limit_seconds: 30,
    };
    const state = new Map<string, RuleCameraState>();
    const decide = (s: number, cameraId = 'c') => evaluateAlert([r], { cameraId, at: s * 1000, category: 'Other' }, NEW_YORK, state).alert;
    const seconds = [0, 5, 10, 15, 20, 25, 30, 35, 40];
    expect(seconds.map((s) => decide(s))).toEqual([true, false, false, false, false, false, false, false, false]);
    expect(decide(55)).toBe(true); // quiet for 15 s and 55 s since the last alert
    expect(decide(56, 'other camera')).toBe(true); // per camera
    expect(evaluateAlert([r], { cameraId: 'c', at: 200_000, category: 'Pet' }, NEW_YORK, state)).toEqual({ alert: false, ruleId: null });
    expect(evaluateAlert([{ ...r, enabled: false }], { cameraId: 'c', at: 300_000, category: 'Other' }, NEW_YORK, state).alert).toBe(false);
    expect(evaluateAlert([], { cameraId: 'c', at: 0, category: 'Pet' }, NEW_YORK, new Map())).toEqual({ alert: true, ruleId: null });
  });
});
