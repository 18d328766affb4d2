import { postLogout } from './api/post-logout';
import { resetCurrentSelection } from './current-domain';
import { navigateTo } from './navigation';
import { queryClient } from './query-client';
import { endSession, getAuthToken } from './session';
import { removeUserStorage } from './storage-keys';
import { endBrowserPush } from './web-push';
import { clearAllTimers } from './timers';

let loggingOut = false;

export function isLoggingOut(): boolean {
  return loggingOut;
}

export interface LogoutOptions {
  /** Query string for the landing page, '?…' or ''; defaults to the current one (spec: logout keeps the query). */
  search?: string;
  /** false when the caller reloads the page itself. */
  navigate?: boolean;
}

/** Spec part 1 §4 Logout: tell the server, clear token and data, drop adal* keys, cancel timers, back to / with the query. */
export async function logout(options: LogoutOptions = {}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  const search = options.search ?? window.location.search;
  try {
    if (getAuthToken()) {
      // The server ends this session's push subscriptions; the browser's own ends here, without holding logout up.
      void endBrowserPush();
      try {
        await postLogout();
      } catch {
        // The server may already have forgotten the token; the local session ends regardless.
      }
    }
    clearAllTimers();
    try {
      removeUserStorage(window.localStorage);
    } catch {
      // Storage blocked: nothing was persisted either.
    }
    endSession();
    resetCurrentSelection();
    if (options.navigate !== false) navigateTo(`/${search}`, { replace: true });
    queryClient.clear();
  } finally {
    loggingOut = false;
  }
}
