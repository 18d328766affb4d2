import { describe, expect, it } from 'vitest';
import { faceInfoSchema } from './faces.js';
import {
  RISK_HOURS_MESSAGES,
  elopementRiskHolds,
  riskHoursOrAlways,
  riskHoursText,
  storedRiskHours,
  type ElopementRiskHours,
} from './faces-risk-hours.js';
import { zonedDayStart } from './sun.js';

const NEW_YORK = { timeZone: 'America/New_York', geoloc: '40.7484,-73.9857' };
const LOS_ANGELES = { timeZone: 'America/Los_Angeles', geoloc: '34.0522,-118.2437' };
/** An instant at a local wall-clock time in a zone: 'YYYY-MM-DD', 'HH:mm'. */
const local = (day: string, time: string, timeZone = NEW_YORK.timeZone) =>
  zonedDayStart(day, timeZone) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3))) * 60_000;

const duskToDawn: ElopementRiskHours = {
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
};
const nights: ElopementRiskHours = {
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Fixed', time: '22:00' }, end: { kind: 'Fixed', time: '06:00' } },
};

describe('elopementRiskHolds', () => {
  it('always holds without hours', () => {
    expect(elopementRiskHolds(null, local('2026-11-22', '12:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(null, local('2026-11-22', '00:00'), NEW_YORK)).toBe(true);
  });

  it('holds between fixed times, across midnight, up to (not at) the end', () => {
    // Sunday 22 November 2026 and the night into Monday
    expect(elopementRiskHolds(nights, local('2026-11-22', '21:59'), NEW_YORK)).toBe(false);
    expect(elopementRiskHolds(nights, local('2026-11-22', '22:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(nights, local('2026-11-23', '03:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(nights, local('2026-11-23', '05:59'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(nights, local('2026-11-23', '06:00'), NEW_YORK)).toBe(false);
    expect(elopementRiskHolds(nights, local('2026-11-23', '12:00'), NEW_YORK)).toBe(false);
    const office: ElopementRiskHours = {
      days: ['Day'],
      time_range: { mode: 'Between', start: { kind: 'Fixed', time: '09:00' }, end: { kind: 'Fixed', time: '17:00' } },
    };
    expect(elopementRiskHolds(office, local('2026-11-23', '12:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(office, local('2026-11-23', '23:00'), NEW_YORK)).toBe(false);
  });

  it("holds from the day's dusk to its dawn, at the building's place and season", () => {
    // New York, 22 November 2026: civil dawn about 06:22, dusk about 17:02 (EST).
    expect(elopementRiskHolds(duskToDawn, local('2026-11-22', '12:00'), NEW_YORK)).toBe(false);
    expect(elopementRiskHolds(duskToDawn, local('2026-11-22', '16:45'), NEW_YORK)).toBe(false);
    expect(elopementRiskHolds(duskToDawn, local('2026-11-22', '17:30'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(duskToDawn, local('2026-11-23', '00:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(duskToDawn, local('2026-11-23', '06:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(duskToDawn, local('2026-11-23', '07:00'), NEW_YORK)).toBe(false);
    // 17:30 is broad daylight at midsummer (dusk about 21:03 EDT).
    expect(elopementRiskHolds(duskToDawn, local('2026-06-21', '17:30'), NEW_YORK)).toBe(false);
    expect(elopementRiskHolds(duskToDawn, local('2026-06-21', '21:30'), NEW_YORK)).toBe(true);
  });

  it('holds only on its days, the local day of the moment', () => {
    const weekdayNights: ElopementRiskHours = { ...nights, days: ['Weekday'] };
    // Friday 27 November 23:00 holds; Saturday 28 November 23:00 does not; Sunday's early hours are Sunday's.
    expect(elopementRiskHolds(weekdayNights, local('2026-11-27', '23:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(weekdayNights, local('2026-11-28', '23:00'), NEW_YORK)).toBe(false);
    expect(elopementRiskHolds(weekdayNights, local('2026-11-29', '03:00'), NEW_YORK)).toBe(false);
    const sundays: ElopementRiskHours = { days: ['Sunday'], time_range: { mode: 'All Day' } };
    expect(elopementRiskHolds(sundays, local('2026-11-29', '12:00'), NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(sundays, local('2026-11-30', '12:00'), NEW_YORK)).toBe(false);
  });

  it("reads the time in the building's time zone, not the server's or UTC", () => {
    // 04:30 UTC on Monday 23 November: 23:30 in New York (inside 22:00–06:00), 20:30 in Los Angeles (outside).
    const at = Date.parse('2026-11-23T04:30:00Z');
    expect(elopementRiskHolds(nights, at, NEW_YORK)).toBe(true);
    expect(elopementRiskHolds(nights, at, LOS_ANGELES)).toBe(false);
    // Sunday in New York while UTC is already Monday.
    expect(elopementRiskHolds({ days: ['Sunday'], time_range: { mode: 'All Day' } }, at, NEW_YORK)).toBe(true);
  });

  it('falls back to 06:00 and 18:00 for dawn and dusk where the building has no location', () => {
    const nowhere = { timeZone: 'America/New_York', geoloc: null };
    expect(elopementRiskHolds(duskToDawn, local('2026-06-21', '18:30'), nowhere)).toBe(true);
    expect(elopementRiskHolds(duskToDawn, local('2026-06-21', '17:30'), nowhere)).toBe(false);
  });
});

describe('stored hours', () => {
  it('reads back what was stored; unreadable text counts as always', () => {
    expect(storedRiskHours(JSON.stringify(duskToDawn))).toEqual(duskToDawn);
    expect(storedRiskHours(null)).toBeNull();
    expect(storedRiskHours('{not json')).toBeNull();
    expect(storedRiskHours(JSON.stringify({ days: [], time_range: { mode: 'All Day' } }))).toBeNull();
  });

  it('stores hours that hold at every moment as always', () => {
    expect(riskHoursOrAlways({ days: ['Day'], time_range: { mode: 'All Day' } })).toBeNull();
    expect(riskHoursOrAlways({ days: ['Weekend'], time_range: { mode: 'All Day' } })).toEqual({
      days: ['Weekend'],
      time_range: { mode: 'All Day' },
    });
    expect(riskHoursOrAlways(duskToDawn)).toBe(duskToDawn);
  });
});

describe('hours in words', () => {
  it('say always, the range and the days', () => {
    expect(riskHoursText(null)).toBe('Always');
    expect(riskHoursText(duskToDawn)).toBe('Dusk to Dawn, every day');
    expect(riskHoursText({ ...nights, days: ['Weekday', 'Sunday'] })).toBe('22:00 to 06:00, weekdays and Sundays');
    expect(riskHoursText({ days: ['Monday', 'Wednesday', 'Friday'], time_range: { mode: 'All Day' } })).toBe(
      'All day, Mondays, Wednesdays and Fridays',
    );
    expect(riskHoursText({ ...duskToDawn, days: ['Weekend', 'Day'] })).toBe('Dusk to Dawn, every day');
  });
});

describe("a person's face_info", () => {
  const resident = { first_name: 'Ada', last_name: 'Lane', role: 'resident', gender: 'female', complexion: 'Other' } as const;
  it('takes hours for a resident at elopement risk, null for always, and none at all', () => {
    expect(faceInfoSchema.parse({ ...resident, elopement_risk: true, elopement_risk_hours: duskToDawn }).elopement_risk_hours).toEqual(
      duskToDawn,
    );
    expect(faceInfoSchema.parse({ ...resident, elopement_risk: true, elopement_risk_hours: null }).elopement_risk_hours).toBeNull();
    expect(faceInfoSchema.parse({ ...resident, elopement_risk: true }).elopement_risk_hours).toBeUndefined();
    expect(faceInfoSchema.parse({ ...resident, elopement_risk: false, elopement_risk_hours: null }).elopement_risk_hours).toBeNull();
  });

  it('refuses hours for a resident not at risk and for anyone not a resident, and bad hours, naming the field', () => {
    const notAtRisk = faceInfoSchema.safeParse({ ...resident, elopement_risk: false, elopement_risk_hours: duskToDawn });
    expect(notAtRisk.success).toBe(false);
    expect(notAtRisk.error?.issues).toEqual([
      expect.objectContaining({ path: ['elopement_risk_hours'], message: RISK_HOURS_MESSAGES.onlyAtRisk }),
    ]);
    const employee = faceInfoSchema.safeParse({ ...resident, role: 'employee', elopement_risk_hours: duskToDawn });
    expect(employee.success).toBe(false);
    const noDays = faceInfoSchema.safeParse({ ...resident, elopement_risk: true, elopement_risk_hours: { ...duskToDawn, days: [] } });
    expect(noDays.error?.issues[0]).toMatchObject({ path: ['elopement_risk_hours', 'days'], message: 'Choose at least one day.' });
    const badTime = faceInfoSchema.safeParse({
      ...resident,
      elopement_risk: true,
      elopement_risk_hours: {
        days: ['Day'],
        time_range: { mode: 'Between', start: { kind: 'Fixed', time: '25:00' }, end: { kind: 'Dawn' } },
      },
    });
    expect(badTime.error?.issues[0]?.path).toEqual(['elopement_risk_hours', 'time_range', 'start', 'time']);
  });
});
