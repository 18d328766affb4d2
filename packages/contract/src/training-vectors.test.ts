import { describe, expect, it } from 'vitest';
import { seededRandom } from './training-metrics.js';
import { bytes8, cosine, dot, finderCode, popcount, unit } from './training-vectors.js';

const random = seededRandom(3);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const randomUnit = (dims = 1024) => unit(Float32Array.from({ length: dims }, gaussian))!;
const near = (centre: Float32Array, alike: number) => {
  const noise = randomUnit(centre.length);
  return unit(Float32Array.from(centre, (c, i) => alike * c + Math.sqrt(1 - alike * alike) * noise[i]!))!;
};
const distance = (a: Int32Array, b: Int32Array) => a.reduce((n, word, i) => n + popcount(word ^ b[i]!), 0);

describe('the match finder’s vectors', () => {
  it('popcount counts the bits of a 32-bit word, the sign bit too', () => {
    expect([0, 1, 0b1011, 0xff, -1, 0x80000000 | 0, 0x55555555].map(popcount)).toEqual([0, 1, 3, 8, 32, 1, 16]);
  });

  it('a code is 256 bits, the same for the same vector and for any positive multiple of it', () => {
    const v = randomUnit();
    const code = finderCode(v);
    expect(code).toHaveLength(8);
    expect(finderCode(v)).toEqual(code);
    expect(finderCode(Float32Array.from(v, (x) => x * 3))).toEqual(code);
    // The opposite direction differs in every bit.
    expect(distance(code, finderCode(Float32Array.from(v, (x) => -x)))).toBe(256);
  });

  it('the bits two codes differ in estimate the angle: cos(π·bits/256) within ±0.25 of the cosine, ±0.08 on average', () => {
    const errors: number[] = [];
    for (const alike of [0.95, 0.8, 0.6, 0.4, 0.2, 0]) {
      for (let i = 0; i < 40; i++) {
        const a = randomUnit();
        const b = near(a, alike);
        const estimate = Math.cos((Math.PI * distance(finderCode(a), finderCode(b))) / 256);
        errors.push(Math.abs(estimate - dot(a, b)));
      }
    }
    expect(Math.max(...errors)).toBeLessThan(0.25);
    expect(errors.reduce((s, e) => s + e, 0) / errors.length).toBeLessThan(0.08);
  });

  it('codes vectors of any length (short ones padded, long ones to the next power of two)', () => {
    expect(finderCode(Float32Array.from([1, 0, 0, 0.1]))).toHaveLength(8);
    const long = randomUnit(1500);
    expect(distance(finderCode(long), finderCode(near(long, 0.99)))).toBeLessThan(40);
  });

  it('an 8-bit copy keeps the cosine to within 0.005, the largest magnitude at 127; all zeros stay zeros', () => {
    for (let i = 0; i < 50; i++) {
      const probe = randomUnit();
      const v = near(probe, random());
      expect(Math.abs(cosine(probe, Float32Array.from(bytes8(v))) - cosine(probe, v))).toBeLessThan(0.005);
    }
    expect([...bytes8(Float32Array.from([0.5, -0.25, 1]))]).toEqual([64, -32, 127]);
    expect([...bytes8(new Float32Array(3))]).toEqual([0, 0, 0]);
  });
});
