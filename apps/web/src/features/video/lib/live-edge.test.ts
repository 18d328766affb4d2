import { describe, expect, it } from 'vitest';
import { LIVE_TARGET_SECONDS, liveCatchUpRate, liveEdgeSeek, liveTrimRange } from './live-edge';

describe('keeping a low-latency live player near the newest frame', () => {
  it('keeps playing while within a second of the buffered edge', () => {
    expect(liveEdgeSeek([[100, 110]], 109.2, 1)).toBeNull();
    expect(liveEdgeSeek([[100, 110]], 109, 1)).toBeNull();
  });

  it('skips ahead when more than a second behind (a hidden tab, a stall)', () => {
    expect(liveEdgeSeek([[100, 110]], 105, 1)).toBeCloseTo(110 - LIVE_TARGET_SECONDS);
  });

  it('starts a new stream at its edge, and leaves a gap for the newest range', () => {
    expect(liveEdgeSeek([[3600, 3601.6]], 0, 1)).toBeCloseTo(3601.6 - LIVE_TARGET_SECONDS);
    expect(
      liveEdgeSeek(
        [
          [100, 104],
          [106, 110],
        ],
        103.5,
        1,
      ),
    ).toBeCloseTo(110 - LIVE_TARGET_SECONDS);
    // a range shorter than the target: its start
    expect(liveEdgeSeek([[50, 50.1]], 0, 1)).toBe(50);
  });

  it('plays a little faster while lagging, at normal speed near the target', () => {
    expect(liveCatchUpRate(LIVE_TARGET_SECONDS)).toBe(1);
    expect(liveCatchUpRate(LIVE_TARGET_SECONDS + 0.05)).toBe(1);
    expect(liveCatchUpRate(LIVE_TARGET_SECONDS + 0.2)).toBe(1.05);
    expect(liveCatchUpRate(0.9)).toBe(1.15);
  });

  it('has nothing to do before any video arrived', () => {
    expect(liveEdgeSeek([], 0, 1)).toBeNull();
  });

  it('trims what lies well behind the playhead, and nothing while the buffer is short', () => {
    expect(liveTrimRange([[100, 140]], 139.5)).toEqual([0, 119.5]);
    expect(liveTrimRange([[100, 122]], 121.7)).toBeNull();
    expect(liveTrimRange([], 10)).toBeNull();
  });
});
