import { ALERT_DAY_OPTIONS, type AlertSettingsReply, type TimePoint } from '@vigil/contract';

// The alert rules' time rules as forms hold them (days, a time range's bounds), shared by every editor that sets them:
// the alert rule editor and a resident's elopement-risk hours.

export type TimePointKind = TimePoint['kind'];

/** A bound of a time range as the inputs give it: its kind, and the time typed for Fixed (kept while another is chosen). */
export interface TimePointForm {
  kind: TimePointKind;
  time: string;
}

/** Every day option, in the contract's order. */
export const DAY_CHOICES: readonly string[] = [...ALERT_DAY_OPTIONS];

/** A stored bound into the form; Dawn and Dusk get `fallbackTime` to start from should Fixed be chosen. */
export function pointToForm(point: TimePoint, fallbackTime: string): TimePointForm {
  return { kind: point.kind, time: point.kind === 'Fixed' ? point.time : fallbackTime };
}

/** A bound of the form as the contract takes it: the time only for Fixed. */
export const formPoint = (point: TimePointForm): TimePoint =>
  point.kind === 'Fixed' ? { kind: 'Fixed', time: point.time } : { kind: point.kind };

/** The Dawn and Dusk choices with today's times beside them, when the building has a location. */
export function twilightChoiceLabels(today: AlertSettingsReply['today'] | undefined): Record<TimePointKind, string> {
  return {
    Fixed: 'Fixed time',
    Dawn: today?.dawn ? `Dawn (today ${today.dawn})` : 'Dawn',
    Dusk: today?.dusk ? `Dusk (today ${today.dusk})` : 'Dusk',
  };
}
