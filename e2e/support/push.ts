import type { CDPSession, Page, TestInfo, Worker } from '@playwright/test';
import { receiverCertsFromEnv, startPushReceiver, type PushReceiver } from '../../apps/server/test/push-receiver';
import { expect } from './fixtures';

// Web Push in the e2e (issue 37): a push service on loopback that holds a device's real keys and decrypts what the
// server sends it (apps/server/test/push-receiver.ts), and the browser's side of it: the app's real service worker,
// which the DevTools protocol hands a push as a phone's push service would.

/**
 * This worker's push receiver: on E2E_PUSH_PORT + its parallel index (the server admits those ports, read at its start,
 * through VIGIL_PUSH_ALLOW_HOSTS), with the certificate the server trusts through NODE_EXTRA_CA_CERTS. The config sets
 * all three. Close it when the test ends.
 */
export async function startWorkerPushReceiver(testInfo: TestInfo, vapidPublicKey: string): Promise<PushReceiver> {
  const base = Number(process.env.E2E_PUSH_PORT);
  const slots = Number(process.env.E2E_PUSH_SLOTS);
  if (!base || !slots || !process.env.NODE_EXTRA_CA_CERTS)
    throw new Error(
      'E2E_PUSH_PORT, E2E_PUSH_SLOTS and NODE_EXTRA_CA_CERTS are not set: run the specs with ' +
        '`npx playwright test -c e2e/playwright.config.ts`, which sets them and starts the server admitting the receivers',
    );
  if (testInfo.parallelIndex >= slots)
    throw new Error(`the server admits ${slots} push receivers (E2E_PUSH_SLOTS): run at most ${slots} workers`);
  return startPushReceiver({ ...receiverCertsFromEnv(), vapidPublicKey, port: base + testInfo.parallelIndex });
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  actions: { action: string; title: string }[];
}

/** The notifications the page's service worker shows now. */
export async function notifications(page: Page, tag?: string): Promise<ShownNotification[]> {
  return page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications(tag ? { tag } : undefined)).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      actions: [...((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? [])].map((a) => ({
        action: a.action,
        title: a.title,
      })),
    }));
  }, tag);
}

/**
 * The page's service worker, once it is active and controls the page (it claims open pages at once). A first visit
 * installs it first, precaching the app (about 1.5 MB): seconds, or more on a loaded machine.
 */
export async function activeWorker(page: Page): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), {
      message: 'the service worker is installed and active',
      timeout: 45_000,
    })
    .toBe('activated');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the worker controls the page' })
    .toBe(true);
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url().endsWith('/sw.js'));
  return worker ?? page.context().waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith('/sw.js') });
}

/** The DevTools id of this origin's service worker registration, which ServiceWorker.deliverPushMessage names. */
export async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Dispatches a notification's click (with an action, or '' for its body) inside the service worker, as the phone does. */
export async function clickNotification(worker: Worker, tag: string, action: string): Promise<void> {
  await worker.evaluate(
    async ({ tag, action }) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification tagged ${tag}`);
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification, action }));
    },
    { tag, action },
  );
}
