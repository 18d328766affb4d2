/** What Vigil's service worker tells its open pages (postMessage), and the one script URL it is served at. */
export type ServiceWorkerMessage =
  /** a push arrived or a notification acknowledged an alert: refetch the building's elopement alerts */
  | { type: 'vigil:alerts-changed'; domain_uuid: string | null }
  /** a notification was opened while this page was open: show this path of the app */
  | { type: 'vigil:open'; path: string }
  /** the push service replaced this browser's subscription: a signed-in page registers the new one */
  | { type: 'vigil:push-subscription-changed' };

export const SERVICE_WORKER_URL = '/sw.js';

const TYPES = new Set<string>(['vigil:alerts-changed', 'vigil:open', 'vigil:push-subscription-changed']);

/** A message event's data, if it is one of ours. */
export function readServiceWorkerMessage(data: unknown): ServiceWorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type } = data as { type?: unknown };
  if (typeof type !== 'string' || !TYPES.has(type)) return null;
  if (type === 'vigil:open' && typeof (data as { path?: unknown }).path !== 'string') return null;
  return data as ServiceWorkerMessage;
}
