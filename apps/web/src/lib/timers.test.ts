import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAllTimers, startInterval, startTimeout } from './timers';

afterEach(() => {
  vi.useRealTimers();
});

describe('timer registry', () => {
  it('clearAllTimers cancels every pending timeout and interval', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    startTimeout(() => fired.push('timeout'), 100);
    startInterval(() => fired.push('interval'), 50);
    clearAllTimers();
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([]);
  });

  it('a timer still runs when nobody cancels it, and its own cancel works', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    startTimeout(() => fired.push('kept'), 100);
    const cancel = startTimeout(() => fired.push('cancelled'), 100);
    cancel();
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['kept']);
  });
});
