import { REPORTS, dayKey, zonedDayStart, type ReportKind } from '@vigil/contract';

/** The "Generate report" form: a kind and the first and last day ('YYYY-MM-DD', inclusive) in the building's time zone. */
export interface ReportFormValues {
  kind: ReportKind;
  from: string;
  to: string;
}

export const REPORT_FORM_TEXTS = {
  fromMissing: 'Choose the first day.',
  toMissing: 'Choose the last day.',
  toBeforeFrom: 'The last day cannot be before the first day.',
  notBegun: 'The first day has not begun yet.',
  tooLong: 'A report covers at most 92 days: choose a shorter period.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string): boolean => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** A calendar day `n` days after another (negative: before). */
export function addDays(day: string, n: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

/** The form as it opens: the last 7 days, today included. */
export function defaultReportForm(now: number, timeZone: string): ReportFormValues {
  const today = dayKey(now, timeZone);
  return { kind: 'credential_mismatch', from: addDays(today, -6), to: today };
}

export type ReportRequest = { ok: true; start: string; end: string } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The period to ask for (ISO UTC): from the first day's midnight to the end of the last day, or now if that is
 * sooner (a report covers what has happened); or what is wrong, and with which field.
 */
export function reportPeriodRequest(values: Pick<ReportFormValues, 'from' | 'to'>, now: number, timeZone: string): ReportRequest {
  if (!isDay(values.from)) return { ok: false, field: 'from', message: REPORT_FORM_TEXTS.fromMissing };
  if (!isDay(values.to)) return { ok: false, field: 'to', message: REPORT_FORM_TEXTS.toMissing };
  if (values.to < values.from) return { ok: false, field: 'to', message: REPORT_FORM_TEXTS.toBeforeFrom };
  const start = zonedDayStart(values.from, timeZone);
  if (start >= now) return { ok: false, field: 'from', message: REPORT_FORM_TEXTS.notBegun };
  const end = Math.min(zonedDayStart(addDays(values.to, 1), timeZone), now);
  if (end - start > REPORTS.maxSpanMs) return { ok: false, field: 'to', message: REPORT_FORM_TEXTS.tooLong };
  return { ok: true, start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

/** The time zone the form's days are in: the building's (as its reports name it), else this browser's. */
export function formTimeZone(reportTimeZone: string | undefined): string {
  return reportTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
