import { describe, expect, it } from 'vitest';
import { trainingProgress, trainingProgressText } from './training-progress';

describe('the training progress', () => {
  it('counts well-trained identities of all, with the percent and what remains', () => {
    const progress = trainingProgress([true, false, false, true, false, false, false, true].map((wellTrained) => ({ wellTrained })));
    expect(progress).toEqual({ trained: 3, total: 8, remaining: 5, fraction: 0.375, percent: '37.5%' });
    expect(trainingProgressText(progress)).toBe('3 of 8 trained (37.5%), 5 remaining');
  });

  it('is 0% of nothing without identities, and rounds to two decimals', () => {
    expect(trainingProgressText(trainingProgress([]))).toBe('0 of 0 trained (0%), 0 remaining');
    expect(trainingProgress([{ wellTrained: true }, { wellTrained: false }, { wellTrained: false }]).percent).toBe('33.33%');
  });
});
