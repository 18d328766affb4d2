import { createStore, useStore } from './store';

/** Service labels of the loading banner (spec part 1 §4), verbatim. */
export const LOADING_LABELS = ['Buildings & Cameras', 'Permissions', 'Faces', 'Badges', 'Last Seen', 'History', 'Credential'] as const;
export type LoadingLabel = (typeof LOADING_LABELS)[number];

export type LoadingCounters = Readonly<Record<LoadingLabel, number>>;

const idle = Object.fromEntries(LOADING_LABELS.map((label) => [label, 0])) as LoadingCounters;

export const loadingCountersStore = createStore<LoadingCounters>(idle);

export function beginRequest(label: LoadingLabel): () => void {
  loadingCountersStore.set((counters) => ({ ...counters, [label]: counters[label] + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingCountersStore.set((counters) => ({ ...counters, [label]: Math.max(0, counters[label] - 1) }));
  };
}

/** Refreshing while any service except Last Seen has a request in flight (the faces list polls last-seen every 30 s). */
export function isRefreshing(counters: LoadingCounters): boolean {
  return LOADING_LABELS.some((label) => label !== 'Last Seen' && counters[label] > 0);
}

export function useLoadingCounters(): LoadingCounters {
  return useStore(loadingCountersStore);
}
