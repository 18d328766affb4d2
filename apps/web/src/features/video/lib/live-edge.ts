/** Seconds behind the newest buffered frame a low-latency player aims to show (room for the next frame to arrive). */
export const LIVE_TARGET_SECONDS = 0.2;

/**
 * Where a live player should jump to keep its latency bounded, or null to keep playing: when it is more than
 * `maxLagSeconds` behind the newest buffered video (a hidden tab, a stall, the start of a stream), it skips to
 * LIVE_TARGET_SECONDS behind that edge. `ranges` are the buffered ranges as [start, end] pairs, in order.
 */
export function liveEdgeSeek(ranges: readonly (readonly [number, number])[], currentTime: number, maxLagSeconds: number): number | null {
  const last = ranges.at(-1);
  if (!last) return null;
  const [start, end] = last;
  const insideLast = currentTime >= start && currentTime <= end;
  if (insideLast && end - currentTime <= maxLagSeconds) return null;
  return Math.max(start, end - LIVE_TARGET_SECONDS);
}

/** Buffered video older than this (seconds behind the playhead) is removed, so a long live view does not fill memory. */
export const LIVE_BACK_BUFFER_SECONDS = 20;

/** The range [0, end) to remove from a live buffer, or null when nothing is old enough. */
export function liveTrimRange(ranges: readonly (readonly [number, number])[], currentTime: number): [number, number] | null {
  const first = ranges[0];
  const until = currentTime - LIVE_BACK_BUFFER_SECONDS;
  if (!first || first[0] >= until - 5) return null;
  return [0, until];
}

/**
 * The playback rate that brings a live player back towards LIVE_TARGET_SECONDS behind the buffered edge without a
 * jump: a little faster while it lags (stalls while waiting for a frame add up otherwise), normal speed near the
 * target. Too far behind, liveEdgeSeek jumps instead.
 */
export function liveCatchUpRate(lagSeconds: number): number {
  if (lagSeconds > LIVE_TARGET_SECONDS + 0.3) return 1.15;
  if (lagSeconds > LIVE_TARGET_SECONDS + 0.1) return 1.05;
  return 1;
}
