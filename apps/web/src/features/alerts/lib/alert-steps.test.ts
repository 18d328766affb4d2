import { describe, expect, it } from 'vitest';
import type { AlertStepView } from '@vigil/contract';
import { canAcknowledge, formatStepTime, stepLines } from './alert-steps';

const UTC = { timeZone: 'UTC' };
const step = (s: Partial<AlertStepView> & Pick<AlertStepView, 'step' | 'at'>): AlertStepView => ({
  tier: null,
  tier_name: null,
  by: null,
  device: null,
  ...s,
});
const ann = { uuid: 'u1', name: 'Ann Lee', email: 'ann@example.com' };

describe('alert steps', () => {
  it('say every step with its time', () => {
    const lines = stepLines(
      [
        step({ step: 'raised', at: '2026-03-01T14:02:03Z', tier: 0, tier_name: 'Everyone on duty' }),
        step({ step: 'escalated', at: '2026-03-01T14:02:33Z', tier: 1, tier_name: 'Managers' }),
        step({ step: 'acknowledged', at: '2026-03-01T14:02:40Z', by: ann, device: 'Pixel 8' }),
        step({ step: 'dismissed', at: '2026-03-01T14:03:10Z', by: { ...ann, name: 'Nora Quinn' } }),
      ],
      UTC,
    ).map((l) => l.text);
    expect(lines).toEqual([
      'Raised 14:02:03 — told Everyone on duty',
      'Escalated to Managers 14:02:33',
      'Acknowledged by Ann Lee (Pixel 8) 14:02:40',
      'Dismissed by Nora Quinn 14:03:10',
    ]);
  });

  it('say a tier told again, an acknowledgement from a page, and a tier without a name', () => {
    const lines = stepLines(
      [
        step({ step: 'raised', at: '2026-03-01T23:59:59Z', tier: 0, tier_name: 'Night shift' }),
        step({ step: 'escalated', at: '2026-03-02T00:00:29Z', tier: 0, tier_name: 'Night shift' }),
        step({ step: 'escalated', at: '2026-03-02T00:00:59Z', tier: 1 }),
        step({ step: 'acknowledged', at: '2026-03-02T00:01:00Z', by: ann }),
      ],
      UTC,
    ).map((l) => l.text);
    expect(lines).toEqual([
      'Raised 23:59:59 — told Night shift',
      'Alerted Night shift again 00:00:29',
      'Escalated to tier 2 00:00:59',
      'Acknowledged by Ann Lee 00:01:00',
    ]);
  });

  it('show times in 24-hour form in the zone asked', () => {
    expect(formatStepTime('2026-03-01T14:02:03Z', { timeZone: 'America/New_York' })).toBe('09:02:03');
  });

  it("offer I'm on it to those who receive alerts, while the alert is raised", () => {
    expect(canAcknowledge({ state: 'raised' }, true)).toBe(true);
    expect(canAcknowledge({ state: 'raised' }, false)).toBe(false);
    expect(canAcknowledge({ state: 'acknowledged' }, true)).toBe(false);
    expect(canAcknowledge({ state: 'dismissed' }, true)).toBe(false);
  });
});
