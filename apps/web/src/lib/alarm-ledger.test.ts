import { describe, expect, it } from 'vitest';
import type { AlertStep } from '@vigil/contract';
import { AlarmLedger, alarmStepKey, alarmTones, type RingingAlert } from './alarm-ledger';

const steps = (...names: AlertStep[]) => names.map((step) => ({ step }));
const raised = (id: string, ...more: AlertStep[]): RingingAlert => ({ alert_id: id, state: 'raised', steps: steps('raised', ...more) });

describe('alarmStepKey', () => {
  it('names the step an open alert is at: raised, then each escalation; acknowledged and dismissed ones ring no more', () => {
    expect(alarmStepKey(raised('a'))).toBe('a:1');
    expect(alarmStepKey(raised('a', 'escalated'))).toBe('a:2');
    expect(alarmStepKey(raised('a', 'escalated', 'escalated'))).toBe('a:3');
    expect(alarmStepKey({ alert_id: 'a', state: 'raised', steps: [] })).toBe('a:1');
    expect(alarmStepKey({ alert_id: 'a', state: 'acknowledged', steps: steps('raised', 'acknowledged') })).toBeNull();
    expect(alarmStepKey({ alert_id: 'a', state: 'dismissed', steps: steps('raised', 'dismissed') })).toBeNull();
  });
});

describe('AlarmLedger', () => {
  it('rings nothing for the alerts already there, then once per new alert step', () => {
    const ledger = new AlarmLedger();
    expect(ledger.observe([raised('old')]), 'the alerts there when the page opened').toBe(false);
    expect(ledger.observe([raised('old')]), 'a refetch').toBe(false);
    expect(ledger.observe([raised('old'), raised('new')]), 'a new alert').toBe(true);
    expect(ledger.observe([raised('old'), raised('new')]), 'the same alert again (socket message for its picture)').toBe(false);
    expect(ledger.observe([raised('old', 'escalated'), raised('new')]), 'an escalation of an old one').toBe(true);
    expect(ledger.observe([raised('old', 'escalated'), raised('new')])).toBe(false);
    expect(ledger.observe([raised('new')]), 'one went (dismissed)').toBe(false);
  });

  it('does not ring for an alert that came already acknowledged, and starts from an empty list too', () => {
    const ledger = new AlarmLedger();
    expect(ledger.observe([])).toBe(false);
    expect(ledger.observe([{ alert_id: 'x', state: 'acknowledged', steps: steps('raised', 'acknowledged') }])).toBe(false);
    expect(ledger.observe([raised('y')])).toBe(true);
  });
});

describe('alarmTones', () => {
  it('is three high-low pairs within two seconds, none overlapping', () => {
    const tones = alarmTones();
    expect(tones.map((t) => t.frequency)).toEqual([880, 660, 880, 660, 880, 660]);
    const end = Math.max(...tones.map((t) => t.at + t.duration));
    expect(end).toBeLessThan(2);
    for (let i = 1; i < tones.length; i += 1) expect(tones[i]!.at).toBeGreaterThanOrEqual(tones[i - 1]!.at + tones[i - 1]!.duration);
  });
});
