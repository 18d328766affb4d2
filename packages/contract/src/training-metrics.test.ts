import { describe, expect, it } from 'vitest';
import {
  f1Colour,
  falseAcceptRate,
  formatPercent,
  identityScores,
  isWellTrained,
  seededRandom,
  splitTags,
  topK,
  type Tag,
} from './training-metrics.js';

const tagsOf = (identity: string, n: number): Tag[] => Array.from({ length: n }, (_, i) => ({ id: `${identity}-${i}`, identity }));

describe('splitTags', () => {
  const tags = [...tagsOf('ada', 10), ...tagsOf('grace', 3), ...tagsOf('edith', 2), ...tagsOf('walter', 1)];

  it('holds out a fifth of each identity (at least one), keeps a single tag for training, and loses none', () => {
    const split = splitTags(tags, 7);
    expect(Object.fromEntries(split.counts)).toEqual({
      ada: { training: 8, validation: 2 },
      edith: { training: 1, validation: 1 },
      grace: { training: 2, validation: 1 },
      walter: { training: 1, validation: 0 },
    });
    expect([...split.training, ...split.validation].sort()).toEqual(tags.map((t) => t.id).sort());
    expect(split.training.filter((id) => split.validation.includes(id))).toEqual([]);
  });

  it('is the same for the same seed whatever order the tags come in, and changes with the seed', () => {
    const a = splitTags(tags, 7);
    const b = splitTags([...tags].reverse(), 7);
    expect(b.validation.sort()).toEqual(a.validation.sort());
    const others = [1, 2, 3, 4, 5].map((seed) => splitTags(tags, seed).validation.sort().join());
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('draws from a seeded generator in [0, 1)', () => {
    const first = seededRandom(42);
    const again = seededRandom(42);
    const draws = Array.from({ length: 1000 }, () => first());
    expect(Array.from({ length: 1000 }, () => again())).toEqual(draws);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    // Roughly uniform: each tenth holds 60 to 140 of 1000 draws.
    const tenths = Array.from({ length: 10 }, (_, i) => draws.filter((d) => Math.floor(d * 10) === i).length);
    for (const n of tenths) expect(n).toBeGreaterThan(60);
  });
});

describe('topK', () => {
  it('counts the samples whose truth is among the first k', () => {
    const samples = [
      { truth: 'ada', ranking: ['ada', 'grace'] },
      { truth: 'ada', ranking: ['grace', 'ada'] },
      { truth: 'grace', ranking: ['edith', 'walter', 'ada', 'harold', 'grace'] },
      { truth: 'edith', ranking: ['ada', 'grace', 'walter', 'harold', 'margaret', 'edith'] },
    ];
    expect(topK(samples, 1)).toBe(0.25);
    expect(topK(samples, 2)).toBe(0.5);
    expect(topK(samples, 5)).toBe(0.75);
    expect(topK([], 1)).toBe(0);
  });
});

describe('identityScores', () => {
  it('gives precision, recall and F1 per identity; a rejection is a miss, not a false accept', () => {
    const scores = identityScores([
      { truth: 'ada', predicted: 'ada' },
      { truth: 'ada', predicted: 'ada' },
      { truth: 'ada', predicted: 'grace' },
      { truth: 'ada', predicted: null },
      { truth: 'grace', predicted: 'grace' },
      { truth: 'grace', predicted: 'ada' },
      { truth: 'edith', predicted: null },
    ]);
    expect(scores.get('ada')).toEqual({ precision: 2 / 3, recall: 0.5, f1: expect.closeTo(4 / 7, 12), support: 4 });
    expect(scores.get('grace')).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5, support: 2 });
    expect(scores.get('edith')).toEqual({ precision: 0, recall: 0, f1: 0, support: 1 });
    expect(scores.has('walter')).toBe(false);
  });
});

describe('falseAcceptRate', () => {
  it('is the share of impostor faces whose best score reaches the threshold', () => {
    const impostors = [{ score: 0.95 }, { score: 0.5 }, { score: 0.9 }, { score: 0.89 }];
    expect(falseAcceptRate(impostors, 0.9)).toBe(0.5);
    expect(falseAcceptRate(impostors, 0.96)).toBe(0);
    expect(falseAcceptRate([], 0.9)).toBe(0);
  });
});

describe('well trained and the F1 bar (part 2 §4, §9)', () => {
  it('is well trained with an F1 of at least 0.8, or without one with at least 20 tagged images', () => {
    expect(isWellTrained({ f1_score: 0.8, images_tagged: 0 })).toBe(true);
    expect(isWellTrained({ f1_score: 0.79, images_tagged: 500 })).toBe(false);
    expect(isWellTrained({ f1_score: null, images_tagged: 20 })).toBe(true);
    expect(isWellTrained({ images_tagged: 19 })).toBe(false);
  });

  it('colours the F1 bar green above 0.8, yellow above 0.6, red otherwise', () => {
    expect([0.81, 0.8, 0.61, 0.6, 0].map(f1Colour)).toEqual(['green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('shows fractions as percentages with two decimals', () => {
    expect([0.93456, 1, 0, 0.5, 0.123449].map(formatPercent)).toEqual(['93.46%', '100.00%', '0.00%', '50.00%', '12.34%']);
  });
});
