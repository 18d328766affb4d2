// Vigil's service worker (built to /sw.js by vite-plugins/service-worker.ts): the offline shell, and the phone's side of
// an elopement alert's Web Push (show it, "I'm on it" without opening the app, "Open").
import { PUSH } from '@vigil/contract';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { ServiceWorkerMessage } from '../lib/service-worker-messages';
import { isShellNavigation } from './offline-shell';
import {
  UNREACHABLE_TEXT,
  acknowledgeRequest,
  afterAcknowledge,
  notificationFor,
  openTarget,
  parsePushMessage,
  readAcknowledgeReply,
  readPushMessage,
  windowToFocus,
  type AcknowledgeOutcome,
} from './push-notification';
import type { ExtendableEvent, ServiceWorkerScope } from './sw-scope';

/** The build's files with their revisions: this list is the worker's version (a new build, new bytes, a new worker). */
declare const __VIGIL_PRECACHE__: PrecacheEntry[];

const sw = self as unknown as ServiceWorkerScope;
const origin = sw.location.origin;

// A new build takes over at once, open pages included: an alerting app must not run last week's notification code
// until every tab is closed. Old pages keep working; their next navigation loads the new shell.
sw.addEventListener('install', () => void sw.skipWaiting());
clientsClaim();

precacheAndRoute(__VIGIL_PRECACHE__);
cleanupOutdatedCaches();
// Any navigation of the SPA gets the shell (from the cache, so it opens offline); the server's own pages do not.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isShellNavigation(`${url.pathname}${url.search}`),
  createHandlerBoundToURL('/index.html'),
);

/** Keeps the worker alive for the work; a script-made event (a test dispatching one) cannot, and the work runs anyway. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    // InvalidStateError: waitUntil on an event the browser did not send
  }
}

async function tellWindows(message: ServiceWorkerMessage): Promise<void> {
  for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
}

sw.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text());
  if (!message) return;
  const { title, options } = notificationFor(message);
  keepAlive(
    event,
    Promise.all([
      sw.registration.showNotification(title, options),
      tellWindows({ type: 'vigil:alerts-changed', domain_uuid: message.domain_uuid }),
    ]),
  );
});

async function acknowledge(notification: Notification): Promise<void> {
  const message = readPushMessage(notification.data);
  if (!message) return;
  const request = acknowledgeRequest(message, origin);
  let outcome: AcknowledgeOutcome;
  if (!request) {
    outcome = { ok: false, message: 'This notification cannot acknowledge its alert: open Vigil.', retry: false };
  } else {
    try {
      const response = await fetch(request.url, request.init);
      outcome = readAcknowledgeReply(response.status, await response.json().catch(() => undefined));
    } catch {
      outcome = { ok: false, message: UNREACHABLE_TEXT, retry: true };
    }
  }
  const { title, options } = afterAcknowledge(message, outcome);
  await sw.registration.showNotification(title, options);
  await tellWindows({ type: 'vigil:alerts-changed', domain_uuid: message.domain_uuid });
}

/** An open Vigil window shows the alert (the app routes it, keeping its session); without one, a new window opens. */
async function open(notification: Notification): Promise<void> {
  const target = openTarget(readPushMessage(notification.data), origin);
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windowToFocus(windows, origin);
  if (!existing) {
    await sw.clients.openWindow(target.href);
    return;
  }
  existing.postMessage({ type: 'vigil:open', path: `${target.pathname}${target.search}${target.hash}` } satisfies ServiceWorkerMessage);
  await existing.focus();
}

sw.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  if (event.action === PUSH.acknowledgeAction) {
    keepAlive(event, acknowledge(notification));
    return;
  }
  notification.close();
  keepAlive(event, open(notification));
});

/**
 * The push service replaced (or dropped) this browser's subscription. The worker subscribes again with the same
 * server key when the browser did not already, and tells open pages, which register the new subscription with the
 * server for the buildings this device had turned on (that needs a session, which only a page has). With no page
 * open, the app does the same the next time it opens.
 */
sw.addEventListener('pushsubscriptionchange', (event) => {
  keepAlive(
    event,
    (async () => {
      const key = event.oldSubscription?.options.applicationServerKey;
      if (!event.newSubscription && key) {
        await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }).catch(() => null);
      }
      await tellWindows({ type: 'vigil:push-subscription-changed' });
    })(),
  );
});
