import type { AlertState, AlertStep } from '@vigil/contract';

/** One tone of the alarm: start (s from now), pitch (Hz), length (s). */
export interface AlarmTone {
  at: number;
  frequency: number;
  duration: number;
}

/** Three high-low pairs, about 1.7 s: clear over a busy room, short enough not to drown a phone call. */
export function alarmTones(): AlarmTone[] {
  const tones: AlarmTone[] = [];
  for (let pair = 0; pair < 3; pair += 1) {
    tones.push({ at: pair * 0.6, frequency: 880, duration: 0.22 });
    tones.push({ at: pair * 0.6 + 0.26, frequency: 660, duration: 0.22 });
  }
  return tones;
}

/** The step of an alert that rings once: raised, then each escalation; an acknowledged or dismissed alert rings no more. */
export interface RingingAlert {
  alert_id: string;
  state: AlertState;
  steps: readonly { step: AlertStep }[];
}

export function alarmStepKey(alert: RingingAlert): string | null {
  if (alert.state !== 'raised') return null;
  const told = alert.steps.filter((s) => s.step === 'raised' || s.step === 'escalated').length;
  return `${alert.alert_id}:${Math.max(told, 1)}`;
}

/**
 * Which alert steps have rung on this page. The first list seen is what was already there when the page (or the
 * sound) started: it rings nothing. After that, each alert step rings once: a repeated socket message, a refetch or a
 * picture arriving later for the same alert does not ring it again; an escalation of it does.
 */
export class AlarmLedger {
  private heard: Set<string> | null = null;

  /** Records the alerts; true when one of them is at a step that has not rung yet. */
  observe(alerts: readonly RingingAlert[]): boolean {
    const keys = alerts.map(alarmStepKey).filter((key): key is string => key !== null);
    if (this.heard === null) {
      this.heard = new Set(keys);
      return false;
    }
    const fresh = keys.filter((key) => !this.heard!.has(key));
    for (const key of fresh) this.heard.add(key);
    return fresh.length > 0;
  }
}
