import { pinDigest, type FacesAlertsReply } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { alertFixture } from './elopement-alert.fixture';
import { activeAlertsNewestFirst, dismissBody, dismissMode, patchAlert, pinProblem, withoutAlert } from './dismiss-flow';

const MAPLE = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';

describe('dismissMode', () => {
  it('asks for a PIN only from holders of alerting/pin_dismiss_alert', () => {
    expect(dismissMode({ alerting: ['receive_er_alerts', 'pin_dismiss_alert'] })).toBe('pin');
    expect(dismissMode({ alerting: ['receive_er_alerts'] })).toBe('me');
    expect(dismissMode({ faces: ['pin_dismiss_alert'] })).toBe('me');
    expect(dismissMode(undefined)).toBe('me');
  });
});

describe('pinProblem', () => {
  it('uses the words of the PIN rules, and accepts 4 digits or more', () => {
    expect(pinProblem('12a4')).toBe('Your pin must be numeric.');
    expect(pinProblem('123')).toBe('Your pin must be at least 4 digits.');
    expect(pinProblem('')).toBe('Your pin must be at least 4 digits.');
    expect(pinProblem('2468')).toBeNull();
  });
});

describe('dismissBody', () => {
  it('sends the domain-keyed digest of the PIN, never the PIN itself', async () => {
    const body = await dismissBody('pin', MAPLE, '2468');
    expect(body.userPIN).toBe(await pinDigest(MAPLE, '2468'));
    expect(body.userPIN).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(body.userPIN).not.toContain('2468');
  });
  it("sends 'me' without the PIN operation", async () => {
    expect(await dismissBody('me', MAPLE, '')).toEqual({ userPIN: 'me' });
  });
});

describe('cache updates', () => {
  const reply: FacesAlertsReply = { ok: true, alerts: [alertFixture('1', 100), alertFixture('2', 200)] };
  it('withoutAlert takes the dismissed alert out and leaves the rest', () => {
    expect(withoutAlert(reply, alertFixture('1', 0).alert_id)?.alerts.map((a) => a.event_ts)).toEqual([200]);
    expect(withoutAlert(undefined, 'x')).toBeUndefined();
  });
  it('patchAlert changes only the one alert', () => {
    const patched = patchAlert(reply, alertFixture('2', 0).alert_id, { face_match: true });
    expect(patched?.alerts.map((a) => a.face_match)).toEqual([null, true]);
    expect(reply.alerts[1]?.face_match).toBeNull();
  });
});

describe('activeAlertsNewestFirst', () => {
  it('shows active alerts, the newest on top', () => {
    const alerts = [alertFixture('1', 100), alertFixture('2', 300), alertFixture('3', 200, { dismissed_at: '2026-03-04T10:00:00Z' })];
    expect(activeAlertsNewestFirst(alerts).map((a) => a.event_ts)).toEqual([300, 100]);
  });
});
