import { describe, expect, it } from 'vitest';
import { FRAME_FRESH_MS, FRAME_FRESH_RETRY_MS, FRAME_PENDING_MS, FRAME_RETRY_MS, frameRetryDelay } from './frame-retry';

describe('frameRetryDelay', () => {
  const now = Date.parse('2026-03-04T10:00:00Z');
  it('asks again every second for the frame of a moment seconds old, whose pictures are on their way', () => {
    expect(frameRetryDelay(now - 500, now)).toBe(FRAME_FRESH_RETRY_MS);
    expect(frameRetryDelay(now - FRAME_FRESH_MS + 1, now)).toBe(FRAME_FRESH_RETRY_MS);
  });
  it('asks again for the frame of a recent moment, whose clip may still be recording', () => {
    expect(frameRetryDelay(now - FRAME_FRESH_MS, now)).toBe(FRAME_RETRY_MS);
    expect(frameRetryDelay(now - FRAME_PENDING_MS + 1, now)).toBe(FRAME_RETRY_MS);
  });
  it('gives up on older moments, which have no recording', () => {
    expect(frameRetryDelay(now - FRAME_PENDING_MS, now)).toBeNull();
    expect(frameRetryDelay(now - 7 * 86_400_000, now)).toBeNull();
    expect(frameRetryDelay(undefined, now)).toBeNull();
  });
});
