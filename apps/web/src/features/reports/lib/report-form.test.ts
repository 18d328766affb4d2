import { REPORTS } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { REPORT_FORM_TEXTS, addDays, defaultReportForm, formTimeZone, reportPeriodRequest } from './report-form';

const NY = 'America/New_York';
// 2026-03-10 15:30 in New York (EDT since 03-08).
const NOW = Date.parse('2026-03-10T19:30:00Z');

describe('the Generate report form', () => {
  it('opens on the last 7 days, today included, in the building time zone', () => {
    expect(defaultReportForm(NOW, NY)).toEqual({ kind: 'credential_mismatch', from: '2026-03-04', to: '2026-03-10' });
    // Just after midnight UTC it is still the day before in New York.
    expect(defaultReportForm(Date.parse('2026-03-11T02:00:00Z'), NY).to).toBe('2026-03-10');
  });

  it('asks from the first day’s midnight to the end of the last day (DST-safe), or now if sooner', () => {
    expect(reportPeriodRequest({ from: '2026-03-01', to: '2026-03-08' }, NOW, NY)).toEqual({
      ok: true,
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
    });
    expect(reportPeriodRequest({ from: '2026-03-04', to: '2026-03-10' }, NOW, NY)).toEqual({
      ok: true,
      start: '2026-03-04T05:00:00.000Z',
      end: '2026-03-10T19:30:00.000Z',
    });
  });

  it('says which field is wrong, and why', () => {
    expect(reportPeriodRequest({ from: '', to: '2026-03-08' }, NOW, NY)).toEqual({
      ok: false,
      field: 'from',
      message: REPORT_FORM_TEXTS.fromMissing,
    });
    expect(reportPeriodRequest({ from: '2026-03-01', to: '2026-02-30x' }, NOW, NY)).toMatchObject({
      field: 'to',
      message: REPORT_FORM_TEXTS.toMissing,
    });
    expect(reportPeriodRequest({ from: '2026-03-05', to: '2026-03-04' }, NOW, NY)).toMatchObject({
      field: 'to',
      message: REPORT_FORM_TEXTS.toBeforeFrom,
    });
    expect(reportPeriodRequest({ from: '2026-03-11', to: '2026-03-12' }, NOW, NY)).toMatchObject({
      field: 'from',
      message: REPORT_FORM_TEXTS.notBegun,
    });
  });

  it('allows 92 days and no more', () => {
    const later = Date.parse('2026-12-31T12:00:00Z');
    const ok = reportPeriodRequest({ from: '2026-06-01', to: addDays('2026-06-01', 91) }, later, 'UTC');
    expect(ok.ok && Date.parse(ok.end) - Date.parse(ok.start)).toBe(REPORTS.maxSpanMs);
    expect(reportPeriodRequest({ from: '2026-06-01', to: addDays('2026-06-01', 92) }, later, 'UTC')).toMatchObject({
      field: 'to',
      message: REPORT_FORM_TEXTS.tooLong,
    });
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("uses the building's time zone when its reports name it, else the browser's", () => {
    expect(formTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(formTimeZone(undefined)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
