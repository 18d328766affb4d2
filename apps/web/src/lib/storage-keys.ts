/** Every key Vigil keeps in localStorage (spec part 1 §9). Other modules use these names, never string literals. */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  displayName: 'displayName',
  email: 'email',
  staff: 'staff',
  featureFlags: 'featureFlags',
  currentDomain: 'currentDomain',
  currentCamera: 'currentCamera',
  entitlements: 'entitlements',
  eventFilters: 'eventFilters',
  trainingFilters: 'trainingFilters',
  /** the buildings whose alerts this device turned on, with its push endpoint (lib/web-push.ts) */
  pushDevice: 'pushDevice',
  /** 'on' when this device plays the alert sound (lib/alert-sound.ts) */
  alertSound: 'alertSound',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys that belong to the signed-in user and go on logout (feature flag overrides and the alert sound are the device's, they stay). */
export const USER_STORAGE_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.authToken,
  STORAGE_KEYS.displayName,
  STORAGE_KEYS.email,
  STORAGE_KEYS.staff,
  STORAGE_KEYS.currentDomain,
  STORAGE_KEYS.currentCamera,
  STORAGE_KEYS.entitlements,
  STORAGE_KEYS.eventFilters,
  STORAGE_KEYS.trainingFilters,
  STORAGE_KEYS.pushDevice,
];

/** Removes the user's keys and every `adal*` key left by the old Microsoft sign-in library. */
export function removeUserStorage(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const doomed: string[] = [...USER_STORAGE_KEYS];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith('adal')) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** sessionStorage: the sign-in attempt in flight (state, nonce, provider, redirect). */
export const SIGN_IN_ATTEMPT_KEY = 'vigil.signInAttempt';

export function readString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the value lives in memory only.
  }
}

export function readJson(key: StorageKey): unknown {
  const raw = readString(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === undefined ? null : JSON.stringify(value));
}
