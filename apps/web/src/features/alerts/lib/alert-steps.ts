import type { AlertState, AlertStepView, ElopementAlert } from '@vigil/contract';

export interface StepFormat {
  locale?: string;
  timeZone?: string;
}

/** A step's clock time, 24-hour with seconds ("14:02:03"): steps of one alert are seconds apart. */
export function formatStepTime(iso: string, format: StepFormat = {}): string {
  return new Intl.DateTimeFormat(format.locale ?? 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: format.timeZone,
  }).format(new Date(iso));
}

const tierOf = (step: AlertStepView) => step.tier_name ?? (step.tier === null ? 'the next tier' : `tier ${step.tier + 1}`);
const byWhom = (step: AlertStepView) => {
  const who = step.by?.name ?? 'someone';
  return step.device ? `${who} (${step.device})` : who;
};

/**
 * One line per step, as the alert card shows them: "Raised 14:02:03 — told Everyone on duty", "Escalated to Managers
 * 14:02:33", "Acknowledged by Ann Lee (Pixel 8) 14:02:40", "Dismissed by Nora Quinn 14:03:10". A tier told again (a
 * building with one tier re-alerts it once) says so.
 */
export function stepLines(steps: readonly AlertStepView[], format: StepFormat = {}): { key: string; text: string }[] {
  const told = new Set<number>();
  return steps.map((step, i) => {
    const at = formatStepTime(step.at, format);
    let text: string;
    switch (step.step) {
      case 'raised':
        text = `Raised ${at} — told ${tierOf(step)}`;
        break;
      case 'escalated':
        text = step.tier !== null && told.has(step.tier) ? `Alerted ${tierOf(step)} again ${at}` : `Escalated to ${tierOf(step)} ${at}`;
        break;
      case 'acknowledged':
        text = `Acknowledged by ${byWhom(step)} ${at}`;
        break;
      case 'dismissed':
        text = `Dismissed by ${byWhom(step)} ${at}`;
        break;
    }
    if (step.tier !== null) told.add(step.tier);
    return { key: `${i}-${step.step}-${step.at}`, text };
  });
}

/** The state as the card's badge says it. */
export const STATE_LABELS: Record<AlertState, string> = {
  raised: 'Raised',
  acknowledged: 'Acknowledged',
  dismissed: 'Dismissed',
};

/** Who may say "I'm on it": a holder of alerting/receive_er_alerts, while nobody has and it is not dismissed. */
export const canAcknowledge = (alert: Pick<ElopementAlert, 'state'>, receivesAlerts: boolean): boolean =>
  receivesAlerts && alert.state === 'raised';
