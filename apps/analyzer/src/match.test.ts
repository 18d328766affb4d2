import { describe, expect, it } from 'vitest';
import { decideMatch, matchConfidence } from './match.js';

const calibration = { midpoint: 0.5, scale: 0.04, margin: 0.08 };

describe('match confidence', () => {
  it('is 0.5 at the midpoint and rises with similarity', () => {
    expect(matchConfidence(0.5, calibration)).toBe(0.5);
    expect(matchConfidence(0.3, calibration)).toBeLessThan(0.01);
    expect(matchConfidence(0.6, calibration)).toBeGreaterThan(0.9);
    expect(matchConfidence(0.8, calibration)).toBeGreaterThan(0.99);
    const values = [0.1, 0.4, 0.5, 0.55, 0.6, 0.9].map((s) => matchConfidence(s, calibration));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});

describe('deciding who a face is', () => {
  it('names the best candidate when it is confident and clearly ahead, and sends every candidate with its confidence', () => {
    const decision = decideMatch(
      [
        { personId: 'ada', similarity: 0.75 },
        { personId: 'bo', similarity: 0.3 },
      ],
      0.9,
      calibration,
    );
    expect(decision.personId).toBe('ada');
    expect(decision.confidence).toBeGreaterThan(0.99);
    expect(decision.candidates.map((c) => c.personId)).toEqual(['ada', 'bo']);
    expect(decision.candidates[1]!.confidence).toBeLessThan(0.01);
  });

  it('names nobody below the confidence asked for, but still reports the best confidence', () => {
    const decision = decideMatch([{ personId: 'ada', similarity: 0.5 }], 0.9, calibration);
    expect(decision).toMatchObject({ personId: null, confidence: 0.5 });
  });

  it('names nobody when two people are nearly as alike (a confident but ambiguous face)', () => {
    const decision = decideMatch(
      [
        { personId: 'ada', similarity: 0.8 },
        { personId: 'bo', similarity: 0.76 },
      ],
      0.9,
      calibration,
    );
    expect(decision.personId).toBeNull();
  });

  it('has nothing to say without candidates (an empty gallery)', () => {
    expect(decideMatch([], 0.9, calibration)).toEqual({ personId: null, confidence: 0, candidates: [] });
  });
});
