import { describe, expect, it } from 'vitest';
import {
  ELOPEMENT_MIN_CONFIDENCE,
  ELOPEMENT_REPEAT_MS,
  cameraAlertRepeatMs,
  elopementAlertColour,
  raisesElopementAlert,
  relativeTime,
} from './alerts.js';

describe('relative time', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads like a person would say it', () => {
    expect(relativeTime(now - 3_000, now)).toBe('just now');
    expect(relativeTime(now + 5_000, now)).toBe('just now');
    expect(relativeTime(now - 12_000, now)).toBe('12 seconds ago');
    expect(relativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(relativeTime(now - 5 * 60_000 - 10_000, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 3_600_000, now)).toBe('1 hour ago');
    expect(relativeTime(now - 23 * 3_600_000, now)).toBe('23 hours ago');
    expect(relativeTime(now - 50 * 3_600_000, now)).toBe('2 days ago');
  });
});

describe('elopement alert colour over 24 hours', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('fades from strong red to grey and stays grey after a day', () => {
    expect(elopementAlertColour(now, now)).toBe('hsl(0, 85%, 50%)');
    expect(elopementAlertColour(now - 12 * 3_600_000, now)).toBe('hsl(0, 43%, 58%)');
    expect(elopementAlertColour(now - 24 * 3_600_000, now)).toBe('hsl(0, 0%, 65%)');
    expect(elopementAlertColour(now - 48 * 3_600_000, now)).toBe('hsl(0, 0%, 65%)');
  });
});

describe('the elopement rule', () => {
  const sighting = { personAtRisk: true, atExit: true, confidence: 0.95, capturedAt: 1_000_000, previousAlertAt: null };
  it('raises an alert for a person at risk matched surely at an exit', () => {
    expect(raisesElopementAlert(sighting)).toBe(true);
    expect(raisesElopementAlert({ ...sighting, confidence: ELOPEMENT_MIN_CONFIDENCE })).toBe(true);
  });
  it('does not for someone not at risk, away from an exit, or matched less surely than 0.9', () => {
    expect(raisesElopementAlert({ ...sighting, personAtRisk: false })).toBe(false);
    expect(raisesElopementAlert({ ...sighting, atExit: false })).toBe(false);
    expect(raisesElopementAlert({ ...sighting, confidence: 0.89 })).toBe(false);
  });
  it('raises one alert per person and exit per 120 s, not one per frame', () => {
    expect(raisesElopementAlert({ ...sighting, previousAlertAt: sighting.capturedAt - ELOPEMENT_REPEAT_MS + 1 })).toBe(false);
    expect(raisesElopementAlert({ ...sighting, previousAlertAt: sighting.capturedAt - ELOPEMENT_REPEAT_MS })).toBe(true);
  });
  it("uses an onboarded camera's own rate limit (its alerting's rate_limit, seconds), else 120 s", () => {
    expect(cameraAlertRepeatMs('{"slack_channel":"","snooze":7200,"rate_limit":300,"alertingclass":"singleshot"}')).toBe(300_000);
    expect(cameraAlertRepeatMs('{"rate_limit":0}')).toBe(0);
    for (const stored of [null, undefined, '', 'not json', '{}', '{"rate_limit":"120"}', '{"rate_limit":-5}'])
      expect(cameraAlertRepeatMs(stored)).toBe(ELOPEMENT_REPEAT_MS);
    const repeatMs = cameraAlertRepeatMs('{"rate_limit":300}');
    expect(raisesElopementAlert({ ...sighting, previousAlertAt: sighting.capturedAt - 200_000, repeatMs })).toBe(false);
    expect(raisesElopementAlert({ ...sighting, previousAlertAt: sighting.capturedAt - 300_000, repeatMs })).toBe(true);
  });
});
