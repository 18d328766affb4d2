import { describe, expect, it } from 'vitest';
import {
  confidenceLabel,
  detectionColour,
  detectionScore,
  formatCredentialTime,
  identityIdSchema,
  isVerified,
  maskCredential,
  matchRatio,
  ratioPercent,
  recentVerificationWarning,
  registryPersonShown,
  registryVisibility,
  titleCase,
} from './badges.js';
import { isWellTrained } from './training-metrics.js';

describe('badge rules (part 2 §4, §9)', () => {
  it('labels a confidence High from 0.98, Medium from 0.90, Low from 0.50, else none', () => {
    expect([0.99, 0.98, 0.97, 0.9, 0.89, 0.5, 0.49, null].map(confidenceLabel)).toEqual([
      'High',
      'High',
      'Medium',
      'Medium',
      'Low',
      'Low',
      null,
      null,
    ]);
  });

  it('scores a detection: the confidence plus 2 per confirmation for the identity and 1 per other one; rejected ones add nothing', () => {
    expect(detectionScore(0.4, [], 'A')).toBe(0.4);
    expect(detectionScore(0.4, [{ identity_id: 'A', rejected: false }], 'A')).toBe(2.4);
    expect(detectionScore(0.4, [{ identity_id: 'B', rejected: false }], 'A')).toBe(1.4);
    expect(
      detectionScore(
        0.4,
        [
          { identity_id: 'A', rejected: true },
          { identity_id: 'B', rejected: false },
          { identity_id: 'A', rejected: false },
        ],
        'A',
      ),
    ).toBe(3.4);
  });

  it('is verified with a verifier, a verification time, or a score above 2', () => {
    expect(isVerified({ score: 2 })).toBe(false);
    expect(isVerified({ score: 2.01 })).toBe(true);
    expect(isVerified({ score: 0, verifiedBy: 'a@b.example' })).toBe(true);
    expect(isVerified({ score: 0, verifiedAt: 0 })).toBe(true);
    expect(isVerified({ score: 0, verifiedBy: null, verifiedAt: null })).toBe(false);
  });

  it('colours detections green, yellow, gray or co-tenant', () => {
    expect(detectionColour({ isCotenant: false, label: 'High', verified: false })).toBe('green');
    expect(detectionColour({ isCotenant: false, label: 'Medium', verified: false })).toBe('green');
    expect(detectionColour({ isCotenant: false, label: null, verified: true })).toBe('green');
    expect(detectionColour({ isCotenant: false, label: 'Low', verified: false })).toBe('yellow');
    expect(detectionColour({ isCotenant: false, label: null, verified: false })).toBe('gray');
    expect(detectionColour({ isCotenant: true, label: 'High', verified: true })).toBe('cotenant');
  });

  it('counts well trained from an F1 of 0.8, else 20 tagged images', () => {
    expect(isWellTrained({ f1_score: 0.8, images_tagged: 0 })).toBe(true);
    expect(isWellTrained({ f1_score: 0.79, images_tagged: 100 })).toBe(false);
    expect(isWellTrained({ f1_score: null, images_tagged: 20 })).toBe(true);
    expect(isWellTrained({ images_tagged: 19 })).toBe(false);
  });

  it('takes the match ratio over taps with a face, rounded to 4 places; shows it to two decimals', () => {
    expect(matchRatio({ matched: 2, total: 5, nullMatched: 2 })).toBe(0.6667);
    expect(matchRatio({ matched: 0, total: 3, nullMatched: 3 })).toBe(0);
    expect(matchRatio({ matched: 0, total: 0, nullMatched: 0 })).toBe(0);
    expect(ratioPercent(0.6667)).toBe('66.67%');
    expect(ratioPercent(1)).toBe('100%');
    expect(ratioPercent(0.875)).toBe('87.5%');
  });

  it('formats credential times as YYYY-MM-DD HH:mm:ss UTC', () => {
    expect(formatCredentialTime('2026-11-27T03:04:05.678Z')).toBe('2026-11-27 03:04:05 UTC');
  });

  it('takes 16-character identity ids only, title-cases names, masks cards', () => {
    expect(identityIdSchema.safeParse('UNIT12B-ANNA0001').success).toBe(true);
    expect(identityIdSchema.safeParse('UNIT12B-ANNA001').success).toBe(false);
    expect(identityIdSchema.safeParse('UNIT12B ANNA0001').success).toBe(false);
    expect(titleCase("MARY O'NEIL-SMITH")).toBe("Mary O'Neil-Smith");
    expect(maskCredential('0004412345')).toBe('••••2345');
    expect(maskCredential('12')).toBe('12');
  });

  it("warns of another person's verification younger than 60 s only", () => {
    const now = Date.parse('2026-11-27T03:00:00Z');
    const at = (s: number) => new Date(now - s * 1000).toISOString();
    expect(recentVerificationWarning({ by: 'b@x.example', at: at(59) }, 'a@x.example', now)).toEqual({ by: 'b@x.example', secondsAgo: 59 });
    expect(recentVerificationWarning({ by: 'b@x.example', at: at(60) }, 'a@x.example', now)).toBe(null);
    expect(recentVerificationWarning({ by: 'a@x.example', at: at(5) }, 'a@x.example', now)).toBe(null);
    expect(recentVerificationWarning(null, 'a@x.example', now)).toBe(null);
  });
});

describe('registry data on the badge pages (DECISIONS.md)', () => {
  it('follows the faces operations: none without them, residents only without find_all, everyone with it', () => {
    expect(registryVisibility(undefined)).toBe('none');
    expect(registryVisibility({ keycard: ['view_all', 'edit'] })).toBe('none');
    expect(registryVisibility({ keycard: ['view_all'], faces: ['find_resident'] })).toBe('residents');
    expect(registryVisibility({ keycard: ['view_all'], alerting: ['receive_er_alerts'] })).toBe('residents');
    expect(registryVisibility({ keycard: ['view_all'], faces: ['find_resident', 'find_all'] })).toBe('all');
    expect(['resident', 'employee', 'family'].map((role) => registryPersonShown('residents', role))).toEqual([true, false, false]);
    expect(['resident', 'employee', 'family'].map((role) => registryPersonShown('all', role))).toEqual([true, true, true]);
    expect(registryPersonShown('none', 'resident')).toBe(false);
  });
});
