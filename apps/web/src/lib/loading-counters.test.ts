import { describe, expect, it } from 'vitest';
import { LOADING_LABELS, beginRequest, isRefreshing, loadingCountersStore, type LoadingCounters } from './loading-counters';

const idle = Object.fromEntries(LOADING_LABELS.map((label) => [label, 0])) as LoadingCounters;

describe('isRefreshing', () => {
  it('is false when idle and when only Last Seen is in flight', () => {
    expect(isRefreshing(idle)).toBe(false);
    expect(isRefreshing({ ...idle, 'Last Seen': 3 })).toBe(false);
  });

  it('is true while any other service is in flight', () => {
    for (const label of LOADING_LABELS.filter((l) => l !== 'Last Seen')) {
      expect(isRefreshing({ ...idle, [label]: 1 })).toBe(true);
    }
  });
});

describe('beginRequest', () => {
  it('counts a request until it ends, once, however often the end is reported', () => {
    const endFirst = beginRequest('Permissions');
    const endSecond = beginRequest('Permissions');
    expect(loadingCountersStore.get().Permissions).toBe(2);
    endFirst();
    endFirst();
    expect(loadingCountersStore.get().Permissions).toBe(1);
    endSecond();
    expect(loadingCountersStore.get().Permissions).toBe(0);
  });
});
