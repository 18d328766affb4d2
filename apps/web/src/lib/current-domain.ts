import { pickCurrentDomain, type Domain } from '@vigil/contract';
import { useDomains } from './api/get-domains';
import { useEntitlements } from './api/get-entitlements';
import { STORAGE_KEYS, readString, writeString } from './storage-keys';
import { createStore, useStore } from './store';

/** The remembered domain and camera (spec part 1 §9), persisted as they change. */
export const currentDomainStore = createStore<string | null>(readString(STORAGE_KEYS.currentDomain));
export const currentCameraStore = createStore<string | null>(readString(STORAGE_KEYS.currentCamera));

export function setCurrentDomainId(id: string | null): void {
  writeString(STORAGE_KEYS.currentDomain, id);
  currentDomainStore.set(id);
}

export function setCurrentCameraId(id: string | null): void {
  writeString(STORAGE_KEYS.currentCamera, id);
  currentCameraStore.set(id);
}

/** Forgets both in memory (logout removes the stored keys). */
export function resetCurrentSelection(): void {
  currentDomainStore.set(null);
  currentCameraStore.set(null);
}

export interface CurrentDomainState {
  domains: readonly Domain[] | undefined;
  /** The current domain's uuid; known from the entitlements even before the domain list arrives. */
  domainId: string | null;
  domain: Domain | undefined;
}

/**
 * The current domain by pickCurrentDomain (remembered one, else the one holding the current camera, else the first).
 * Without the domain list (still loading or failed) the entitlement map's domains stand in.
 */
export function useCurrentDomain(): CurrentDomainState {
  const domainsQuery = useDomains();
  const entitlementsQuery = useEntitlements();
  const storedDomain = useStore(currentDomainStore);
  const storedCamera = useStore(currentCameraStore);
  const domains = domainsQuery.data;
  const candidates = domains ?? Object.keys(entitlementsQuery.data ?? {}).map((uuid) => ({ uuid, cameraUUIDs: [] as string[] }));
  const domainId = pickCurrentDomain(candidates, storedDomain, storedCamera);
  return {
    domains,
    domainId,
    domain: domains?.find((d) => d.uuid === domainId),
  };
}
