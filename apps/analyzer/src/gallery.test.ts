import { describe, expect, it } from 'vitest';
import { Gallery, similarity } from './gallery.js';

const v = (...values: number[]) => Float32Array.from(values);

describe('similarity', () => {
  it('is 1 for the same direction, 0 for orthogonal or opposite ones, and refuses different lengths', () => {
    expect(similarity(v(1, 2, 3), v(2, 4, 6))).toBeCloseTo(1);
    expect(similarity(v(1, 0), v(0, 1))).toBe(0);
    expect(similarity(v(1, 0), v(-1, 0))).toBe(0);
    expect(similarity(v(0, 0), v(1, 0))).toBe(0);
    expect(() => similarity(v(1), v(1, 2))).toThrow(/different lengths/);
  });
});

describe('the gallery', () => {
  it('ranks people by their best embedding, top k first', () => {
    const gallery = new Gallery();
    gallery.set('ada', [v(1, 0, 0), v(0.9, 0.1, 0)]);
    gallery.set('bo', [v(0, 1, 0)]);
    gallery.set('cy', [v(0.7, 0.7, 0)]);
    const top = gallery.match(v(1, 0.05, 0), 2);
    expect(top.map((c) => c.personId)).toEqual(['ada', 'cy']);
    expect(top[0]!.confidence).toBeGreaterThan(0.99);
  });

  it('forgets a removed person, or one whose photos are all gone, at once', () => {
    const gallery = new Gallery();
    gallery.set('ada', [v(1, 0)]);
    gallery.set('bo', [v(0, 1)]);
    gallery.remove('ada');
    gallery.set('bo', []);
    expect(gallery.size).toBe(0);
    expect(gallery.match(v(1, 0))).toEqual([]);
  });
});
