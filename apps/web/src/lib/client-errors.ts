import type { ClientErrorKind } from '@vigil/contract';
import { currentApiHost } from './api-host';
import { getAuthToken } from './session';

/** At most this many reports per page load, and one per distinct message a minute: a loop must not flood the server. */
const MAX_PER_PAGE = 20;
const SAME_MESSAGE_MS = 60_000;
const lastSent = new Map<string, number>();
let sent = 0;

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/**
 * Tells the server about a failure the user may only see as "it did not work" (spec part 1 §7, §8: network failures
 * and player errors "are sent to analytics"); staff read them on /staff/errors. Only a signed-in browser reports (the
 * server takes reports from sessions only). Never throws and never waits: reporting must not become a failure itself.
 */
export function reportClientError(kind: ClientErrorKind, message: string, detail?: unknown): void {
  const token = getAuthToken();
  if (!token || sent >= MAX_PER_PAGE) return;
  const key = `${kind}:${message}`;
  const now = Date.now();
  if (now - (lastSent.get(key) ?? -Infinity) < SAME_MESSAGE_MS) return;
  lastSent.set(key, now);
  sent += 1;
  const body = {
    kind,
    message: message.slice(0, 2000),
    page: (globalThis.location?.pathname ?? '').slice(0, 500),
    ...(detail !== undefined && { detail: errorText(detail).slice(0, 4000) }),
  };
  // A plain fetch, not the API client: a report about a failing network must not report its own failure.
  void Promise.resolve()
    .then(() =>
      fetch(`${currentApiHost()}/api/v1/client_errors`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      }),
    )
    .catch(() => undefined);
}

/** Errors nothing caught: a script error or a promise nobody handled. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportClientError('script', event.message || 'Script error', event.error));
  window.addEventListener('unhandledrejection', (event) => reportClientError('script', `Unhandled rejection: ${errorText(event.reason)}`));
}
