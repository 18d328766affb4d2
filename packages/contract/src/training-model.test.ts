import { describe, expect, it } from 'vitest';
import { seededRandom } from './training-metrics.js';
import { PRIOR_CALIBRATION, calibratedConfidence, chooseThreshold, fitCalibration } from './training-model.js';

describe('a model’s confidence', () => {
  it('the prior is today’s curve: 0.5 at a similarity of 0.5, about 0.98 at 0.66', () => {
    expect(calibratedConfidence(PRIOR_CALIBRATION, 0.5, 0.2)).toBe(0.5);
    expect(calibratedConfidence(PRIOR_CALIBRATION, 0.66, 0.2)).toBe(0.982);
    expect(calibratedConfidence(PRIOR_CALIBRATION, 0.3, 0.2)).toBeLessThan(0.01);
  });

  it('rises with the best similarity and with the margin over the second', () => {
    const c = { w_sim: 20, w_margin: 10, bias: -12 };
    expect(calibratedConfidence(c, 0.7, 0.3)).toBeGreaterThan(calibratedConfidence(c, 0.6, 0.3));
    expect(calibratedConfidence(c, 0.7, 0.3)).toBeGreaterThan(calibratedConfidence(c, 0.7, 0.6));
  });
});

describe('fitting the calibration', () => {
  /** Samples drawn from a known curve: correct with probability σ(w·x). */
  function drawn(truth: { w_sim: number; w_margin: number; bias: number }, n: number, seed: number) {
    const random = seededRandom(seed);
    return Array.from({ length: n }, () => {
      const s1 = 0.2 + random() * 0.7;
      const s2 = s1 * random();
      const p = 1 / (1 + Math.exp(-(truth.w_sim * s1 + truth.w_margin * (s1 - s2) + truth.bias)));
      return { s1, s2, correct: random() < p };
    });
  }

  it('recovers the curve that made the samples when there are many', () => {
    const truth = { w_sim: 18, w_margin: 8, bias: -10 };
    const fitted = fitCalibration(drawn(truth, 20_000, 7), PRIOR_CALIBRATION, 0.01);
    expect(fitted.w_sim).toBeCloseTo(truth.w_sim, 0);
    expect(fitted.w_margin).toBeCloseTo(truth.w_margin, 0);
    expect(fitted.bias).toBeCloseTo(truth.bias, 0);
  });

  it('stays at the prior without samples, and near it with a few', () => {
    const none = fitCalibration([]);
    expect(none.w_sim).toBeCloseTo(PRIOR_CALIBRATION.w_sim, 6);
    expect(none.bias).toBeCloseTo(PRIOR_CALIBRATION.bias, 6);
    const few = fitCalibration(drawn({ w_sim: 10, w_margin: 0, bias: -3 }, 6, 3));
    expect(Math.abs(few.w_sim - PRIOR_CALIBRATION.w_sim)).toBeLessThan(Math.abs(10 - PRIOR_CALIBRATION.w_sim));
  });

  it('is the same for the same samples', () => {
    const samples = drawn({ w_sim: 15, w_margin: 5, bias: -8 }, 500, 11);
    expect(fitCalibration(samples)).toEqual(fitCalibration(samples));
  });
});

describe('choosing the threshold', () => {
  it('keeps the false accept rate on impostors at or under the limit, never below 0.9', () => {
    const impostors = [0.99, 0.97, 0.95, ...Array.from({ length: 97 }, (_, i) => i / 200)];
    // 1% of 100: one impostor may pass; the second highest (0.97) must not.
    const t = chooseThreshold(impostors, 0.01);
    expect(t).toBe(0.971);
    expect(impostors.filter((c) => c >= t).length).toBe(1);
    expect(chooseThreshold([0.1, 0.2], 0.01)).toBe(0.9);
    expect(chooseThreshold([], 0.01)).toBe(0.9);
    expect(
      chooseThreshold(
        Array.from({ length: 10 }, () => 1),
        0.01,
      ),
    ).toBe(0.999);
  });
});
