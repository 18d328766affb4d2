import type { PushSubscribeBody, PushSubscriptionView } from '@vigil/contract';
import type { PushBlocker, PushDeviceRecord } from '../../../lib/web-push';

/** What "Alerts on this device" shows for the selected building. */
export type PushDeviceState =
  | { kind: 'checking' }
  | { kind: 'blocked'; blocker: PushBlocker }
  /** the page runs without Vigil's service worker (the development server) */
  | { kind: 'no-worker' }
  /** the browser refused to say (e.g. Chrome's Push API in a private window) */
  | { kind: 'browser-error'; message: string }
  | { kind: 'off' }
  | { kind: 'on'; subscription: PushSubscriptionView };

/** The browser's side: whether a worker is active, and the endpoint of its push subscription (null: none). */
export interface BrowserPush {
  worker: boolean;
  endpoint: string | null;
}

/**
 * This device is on for a building when the browser still has the subscription this device registered for it, and
 * the server still lists that registration among the user's devices (logout, a revoked right or a push service that
 * forgot the device end it there).
 */
export function pushDeviceState(input: {
  blocker: PushBlocker | null;
  browser: BrowserPush | undefined;
  /** why reading the browser's side failed, if it did */
  browserError?: string | null;
  record: PushDeviceRecord | null;
  subscriptions: readonly PushSubscriptionView[] | undefined;
  domainId: string;
}): PushDeviceState {
  if (input.blocker) return { kind: 'blocked', blocker: input.blocker };
  if (input.browserError) return { kind: 'browser-error', message: input.browserError };
  if (!input.browser || !input.subscriptions) return { kind: 'checking' };
  if (!input.browser.worker) return { kind: 'no-worker' };
  const mine = input.record?.domains[input.domainId];
  const registered = input.browser.endpoint !== null && input.record?.endpoint === input.browser.endpoint;
  const subscription = mine && registered ? input.subscriptions.find((s) => s.id === mine.id) : undefined;
  return subscription ? { kind: 'on', subscription } : { kind: 'off' };
}

/** The record after this device was turned on for a building (a new endpoint starts it afresh). */
export function recordTurnedOn(
  record: PushDeviceRecord | null,
  endpoint: string,
  domainId: string,
  view: PushSubscriptionView,
): PushDeviceRecord {
  const domains = record?.endpoint === endpoint ? record.domains : {};
  return { endpoint, domains: { ...domains, [domainId]: { id: view.id, label: view.device_label } } };
}

/** The record after a building's subscription was turned off; null when no building is left. */
export function recordTurnedOff(record: PushDeviceRecord | null, subscriptionId: string): PushDeviceRecord | null {
  if (!record) return null;
  const domains = Object.fromEntries(Object.entries(record.domains).filter(([, entry]) => entry.id !== subscriptionId));
  return Object.keys(domains).length > 0 ? { ...record, domains } : null;
}

/** The body that registers a browser subscription (PushSubscription.toJSON()) for a building. */
export function subscribeBody(domainId: string, label: string, subscription: PushSubscriptionJSON): PushSubscribeBody {
  return {
    domain_uuid: domainId,
    device_label: label.trim(),
    subscription: {
      endpoint: subscription.endpoint ?? '',
      expirationTime: subscription.expirationTime ?? null,
      keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
    },
  };
}
