import { useMemo } from 'react';
import { FLAG_IDS, resolveFlags, type FlagId, type FlagValues, type ResolvedFlag } from '@vigil/contract';
import { useConfig } from './api/get-config';
import { STORAGE_KEYS, readJson, writeJson } from './storage-keys';
import { createStore, useStore } from './store';

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

export interface FlagsState {
  flags: Record<FlagId, ResolvedFlag>;
  /** false until the server's values are known; until then the defaults apply. */
  ready: boolean;
}

export function useFlags(): FlagsState {
  const config = useConfig();
  const local = useStore(localFlagsStore);
  const server = config.data?.flags;
  const ready = config.isSuccess || config.isError;
  return useMemo(() => ({ flags: resolveFlags(server ?? {}, local), ready }), [server, local, ready]);
}

export function useFlag(id: FlagId): boolean {
  return useFlags().flags[id].value;
}
