import type { Service } from '@vigil/contract';
import { STORAGE_KEYS, readString, writeString } from './storage-keys';
import { createStore, useStore } from './store';

/** The signed-in user (spec part 1 §3 "User session"), plus the service of the page being shown. */
export interface Session {
  authToken: string | null;
  email: string | null;
  displayName: string | null;
  staff: boolean;
  currentService: Service | null;
  /** Between logout clearing the session and the landing page showing: guards stand still instead of redirecting. */
  loggingOut: boolean;
}

function loadSession(): Session {
  return {
    authToken: readString(STORAGE_KEYS.authToken),
    email: readString(STORAGE_KEYS.email),
    displayName: readString(STORAGE_KEYS.displayName),
    staff: readString(STORAGE_KEYS.staff) === 'true',
    currentService: null,
    loggingOut: false,
  };
}

export const sessionStore = createStore<Session>(loadSession());

export function useSession(): Session {
  return useStore(sessionStore);
}

export function getAuthToken(): string | null {
  return sessionStore.get().authToken;
}

export function startSession(user: { authToken: string; email: string; staff: boolean }): void {
  writeString(STORAGE_KEYS.authToken, user.authToken);
  writeString(STORAGE_KEYS.email, user.email);
  writeString(STORAGE_KEYS.displayName, user.email);
  writeString(STORAGE_KEYS.staff, String(user.staff));
  sessionStore.set({
    authToken: user.authToken,
    email: user.email,
    displayName: user.email,
    staff: user.staff,
    currentService: null,
    loggingOut: false,
  });
}

/** Forgets the user in memory (lib/logout.ts removes the stored keys); the landing page then calls finishLogout. */
export function endSession(): void {
  sessionStore.set({ authToken: null, email: null, displayName: null, staff: false, currentService: null, loggingOut: true });
}

export function finishLogout(): void {
  sessionStore.set((current) => (current.loggingOut ? { ...current, loggingOut: false } : current));
}

/** The route guard records the service of the page it let through. */
export function setCurrentService(service: Service | null): void {
  sessionStore.set((current) => (current.currentService === service ? current : { ...current, currentService: service }));
}
