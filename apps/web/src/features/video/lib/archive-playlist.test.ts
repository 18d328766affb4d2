import { describe, expect, it } from 'vitest';
import { clipEndMs, indexOfStart, mergeClips, playbackTimeMs } from './archive-playlist';

const clip = (minute: number, url = `u${minute}`) => ({
  start: `2026-11-22T05:${String(minute).padStart(2, '0')}:00Z`,
  duration: 60,
  pre_signed_url: url,
});

describe('archive playlist', () => {
  it('merges by start, in order, preferring the newer copy', () => {
    const merged = mergeClips([clip(3), clip(1)], [clip(2), clip(3, 'fresh')]);
    expect(merged.map((c) => c.pre_signed_url)).toEqual(['u1', 'u2', 'fresh']);
    expect(indexOfStart(merged, Date.parse(clip(2).start))).toBe(1);
    expect(indexOfStart(merged, 0)).toBe(-1);
  });

  it('turns a position in a clip into wall-clock time', () => {
    expect(playbackTimeMs(clip(5), 12.5)).toBe(Date.parse('2026-11-22T05:05:12.500Z'));
    expect(clipEndMs(clip(5))).toBe(Date.parse('2026-11-22T05:06:00Z'));
  });
});
