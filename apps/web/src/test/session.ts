import { sessionStore } from '../lib/session';

/** The token the API client sends; tests read it back from the bodies of write calls. */
export const TEST_TOKEN = 'test-session-token';

/** A signed-in operator, as the API client needs one. */
export function signInForTest(): void {
  sessionStore.set({
    authToken: TEST_TOKEN,
    email: 'ops@example.com',
    displayName: 'ops@example.com',
    staff: false,
    currentService: null,
    loggingOut: false,
  });
}
