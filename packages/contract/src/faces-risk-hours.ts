import type { z } from 'zod';
import { alertRuleInputSchema, ruleWindowOpen, type AlertDay, type AlertPlace, type TimePoint } from './alert-settings.js';

// When a resident's elopement risk holds (issue 37): always, or on the alert rules' days and time range (fixed times,
// dawn, dusk), in the building's time zone. The rules are the alert settings' own, not a copy.

/** A resident's elopement-risk hours: the alert rules' `days` and `time_range`. A person's `null` means always. */
export const elopementRiskHoursSchema = alertRuleInputSchema.pick({ days: true, time_range: true });
export type ElopementRiskHours = z.output<typeof elopementRiskHoursSchema>;

export const RISK_HOURS_MESSAGES = {
  onlyAtRisk: 'elopement_risk_hours: only a resident at elopement risk has elopement risk hours (send null, or elopement_risk true).',
} as const;

/** Whether a resident's elopement risk holds at an instant (ms) in the building: always without hours. */
export function elopementRiskHolds(hours: ElopementRiskHours | null, at: number, place: AlertPlace): boolean {
  return hours === null || ruleWindowOpen(hours, at, place);
}

/** Hours that hold at every moment are stored and shown as always (null): every day, all day. */
export function riskHoursOrAlways(hours: ElopementRiskHours | null): ElopementRiskHours | null {
  if (hours === null) return null;
  return hours.days.includes('Day') && hours.time_range.mode === 'All Day' ? null : hours;
}

/**
 * A person's stored hours (JSON text, as the server keeps them); null (always) when none are stored. Stored text that
 * no longer reads as hours counts as always: an unreadable limit must never silence an alert.
 */
export function storedRiskHours(text: string | null | undefined): ElopementRiskHours | null {
  if (!text) return null;
  try {
    const parsed = elopementRiskHoursSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const DAY_WORDS: Record<AlertDay, string> = {
  Day: 'every day',
  Weekday: 'weekdays',
  Weekend: 'weekends',
  Sunday: 'Sundays',
  Monday: 'Mondays',
  Tuesday: 'Tuesdays',
  Wednesday: 'Wednesdays',
  Thursday: 'Thursdays',
  Friday: 'Fridays',
  Saturday: 'Saturdays',
};

const pointWords = (point: TimePoint): string => (point.kind === 'Fixed' ? point.time : point.kind);

/** When the risk holds, in words: 'Always', 'Dusk to Dawn, every day', '22:00 to 06:00, weekdays and Sundays'. */
export function riskHoursText(hours: ElopementRiskHours | null): string {
  if (hours === null) return 'Always';
  const range = hours.time_range;
  const time = range.mode === 'All Day' ? 'All day' : `${pointWords(range.start)} to ${pointWords(range.end)}`;
  const days = hours.days.includes('Day') ? [DAY_WORDS.Day] : hours.days.map((d) => DAY_WORDS[d]);
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : (days[0] ?? '');
  return `${time}, ${list}`;
}
