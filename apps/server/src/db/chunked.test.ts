import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, chunked, chunks, eachChunk } from './chunked.js';

describe('chunks', () => {
  it('slices a long list in order, the last slice holding the rest', () => {
    const ids = Array.from({ length: 1234 }, (_, i) => i);
    const slices = chunks(ids);
    expect(slices.map((s) => s.length)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 234]);
    expect(slices.flat()).toEqual(ids);
  });

  it('gives one slice for a short list, none for an empty one', () => {
    expect(chunks([1, 2, 3], 5)).toEqual([[1, 2, 3]]);
    expect(chunks([], 5)).toEqual([]);
    expect(chunks([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => chunks([1], 0)).toThrow(RangeError);
    expect(() => chunks([1], 1.5)).toThrow(RangeError);
  });
});

describe('chunked', () => {
  it('runs the slices one after the other and concatenates their results', async () => {
    const seen: number[][] = [];
    let running = 0;
    const out = await chunked(
      Array.from({ length: 7 }, (_, i) => i),
      async (slice) => {
        running += 1;
        expect(running).toBe(1);
        seen.push(slice);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        return slice.map((n) => n * 10);
      },
      3,
    );
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(out).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('does not call the work for an empty list', async () => {
    let calls = 0;
    expect(await chunked([], async () => [++calls])).toEqual([]);
    await eachChunk([], async () => ++calls);
    expect(calls).toBe(0);
  });

  it('eachChunk runs every slice and stops at the first failure', async () => {
    const seen: string[][] = [];
    await expect(
      eachChunk(
        ['a', 'b', 'c', 'd', 'e'],
        async (slice) => {
          seen.push(slice);
          if (slice.includes('c')) throw new Error('refused');
        },
        2,
      ),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
