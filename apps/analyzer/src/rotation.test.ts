import { describe, expect, it } from 'vitest';
import { nextInRotation } from './rotation.js';

describe('serving cameras in rotation', () => {
  it('gives every busy camera its turn in order, wrapping round', () => {
    const order = ['a', 'b', 'c', 'd'];
    const served: string[] = [];
    let last: string | null = null;
    for (let i = 0; i < 8; i++) {
      last = nextInRotation(order, last, () => true);
      served.push(last!);
    }
    expect(served).toEqual(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd']);
  });

  it('skips cameras with nothing waiting, and starts afresh when the last one served is gone', () => {
    const waiting = new Set(['b', 'd']);
    expect(nextInRotation(['a', 'b', 'c', 'd'], 'b', (c) => waiting.has(c))).toBe('d');
    expect(nextInRotation(['a', 'b', 'c', 'd'], 'd', (c) => waiting.has(c))).toBe('b');
    expect(nextInRotation(['a', 'c', 'd'], 'b', (c) => waiting.has(c))).toBe('d');
    expect(nextInRotation(['a', 'c'], 'a', (c) => waiting.has(c))).toBeNull();
  });

  it('shares a saturated analyzer evenly: each of 16 busy cameras served the same number of times', () => {
    const order = Array.from({ length: 16 }, (_, i) => `cam${i}`);
    const counts = new Map<string, number>();
    let last: string | null = null;
    for (let i = 0; i < 160; i++) {
      last = nextInRotation(order, last, () => true);
      counts.set(last!, (counts.get(last!) ?? 0) + 1);
    }
    expect(new Set(counts.values())).toEqual(new Set([10]));
  });
});
