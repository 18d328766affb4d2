import { FLAG_IDS, type FlagId, type FlagValues } from '@vigil/contract';
import { STORAGE_KEYS, readJson, writeJson } from './storage-keys';
import { createStore } from './store';

// The local layer of the feature flags, apart from flags.ts (which reads the server's layer through the API client)
// so that the API client can read it too.

/** Keeps only known flag ids with boolean values, so a hand-edited or old localStorage entry cannot break the app. */
export function sanitizeFlagValues(raw: unknown): FlagValues {
  const values: FlagValues = {};
  if (typeof raw !== 'object' || raw === null) return values;
  for (const id of FLAG_IDS) {
    const value = (raw as Record<string, unknown>)[id];
    if (typeof value === 'boolean') values[id] = value;
  }
  return values;
}

/** This browser's overrides (the "local" layer), persisted under `featureFlags`. */
export const localFlagsStore = createStore<FlagValues>(sanitizeFlagValues(readJson(STORAGE_KEYS.featureFlags)));

export function setLocalFlag(id: FlagId, value: boolean | undefined): void {
  localFlagsStore.set((current) => {
    const next = { ...current };
    if (value === undefined) delete next[id];
    else next[id] = value;
    writeJson(STORAGE_KEYS.featureFlags, next);
    return next;
  });
}

export function clearLocalFlags(): void {
  writeJson(STORAGE_KEYS.featureFlags, undefined);
  localFlagsStore.set({});
}
