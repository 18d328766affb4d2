import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { vigil } from '../support/cli';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, nowIso, sessionToken } from '../support/ingest';

// Sign-ins in two contexts, a real alert and a service worker on a machine that also records eleven cameras.
test.describe.configure({ timeout: 120_000 });

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  requireInteraction: boolean;
  actions: { action: string; title: string }[];
}

/** The notifications the page's service worker shows now. */
async function notifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: n.badge,
      requireInteraction: n.requireInteraction,
      actions: [...((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? [])].map((a) => ({
        action: a.action,
        title: a.title,
      })),
    }));
  });
}

/**
 * The page's service worker, once it is active and controls the page (it claims open pages at once). A first visit
 * installs it first, precaching the app (about 1.5 MB): seconds, or more on a loaded machine.
 */
async function activeWorker(page: Page): Promise<Worker> {
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

/** The DevTools id of this origin's service worker registration, which deliverPushMessage names. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** A detector key for Maple Court, made by staff in their own context (the nurse may not make one). */
async function mapleDetectorKey(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.staff);
    return await createDetectorKey(page, DEMO.maple);
  } finally {
    await context.close();
  }
}

interface ApiAlert {
  alert_id: string;
  runtime_face_uuid: string;
  state: 'raised' | 'acknowledged' | 'dismissed';
  acknowledged_by_end_user_info: { name: string } | null;
}

async function apiAlerts(page: Page): Promise<ApiAlert[]> {
  const response = await page.request.get(`/api/v1/faces/alerts?domainUUID=${DEMO.maple}&include_dismissed=true`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { alerts: ApiAlert[] }).alerts;
}

/** A resident at elopement risk of this test's own (the demo's raise one alert per exit per 120 s, shared by the specs). */
function residentAtRisk(): { id: string; name: string } {
  const last = `Push${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const out = vigil('add-person', DEMO.maple, 'Ada', last, 'resident', 'gender=female', 'elopement_risk=yes', 'room=21');
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(out)?.[0];
  if (!id) throw new Error(`add-person printed no uuid: ${out}`);
  return { id, name: `Ada ${last}` };
}

/** The resident seen at Maple Court's exit: a real elopement alert, as the signed-in user's API lists it. */
async function raiseAlert(page: Page, key: string, resident: string): Promise<string> {
  const runtimeFace = randomUUID();
  await ingest(page.request, key, {
    faces: [
      {
        camera_uuid: DEMO.mapleExit,
        captured_at: nowIso(),
        frontend_face_uuid: resident,
        confidence: 0.97,
        runtime_face_uuid: runtimeFace,
      },
    ],
  });
  const alert = (await apiAlerts(page)).find((a) => a.runtime_face_uuid === runtimeFace);
  expect(alert, 'the alert was raised').toBeDefined();
  return alert!.alert_id;
}

/** Dispatches a notification's click (with an action or none) inside the service worker, as the phone does. */
async function clickNotification(worker: Worker, tag: string, action: string): Promise<void> {
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

async function grantNotifications(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
}

test('the service worker shows a pushed alert with its actions, and "I\'m on it" posts the acknowledgement without opening a window', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  // Frames of a moment whose clip is still being written answer 404 for a few seconds; the page shows a placeholder.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\//);
  const origin = new URL(baseURL!).origin;
  const detectorKey = mapleDetectorKey(browser);
  await grantNotifications(page.context(), origin);
  await signIn(page, ACCOUNTS.nurse, { from: '/alerts' });
  const worker = await activeWorker(page);

  // Served fresh every time (a new build replaces the worker), from this origin, allowed by the CSP.
  const script = await page.request.get('/sw.js');
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(script.headers()['content-type']).toMatch(/javascript/);
  const csp = (await page.request.get('/alerts')).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("manifest-src 'self'");
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({ name: 'Vigil', display: 'standalone', start_url: '/dashboard', scope: '/' });

  const resident = residentAtRisk();
  const alertId = await raiseAlert(page, await detectorKey, resident.id);
  const subscriptionId = randomUUID();
  const tag = `alert-${alertId}`;
  const message = {
    v: 1,
    kind: 'elopement_alert',
    step: 'raised',
    alert_id: alertId,
    domain_uuid: DEMO.maple,
    title: `Elopement risk: ${resident.name}`,
    body: 'Seen at Front Entrance Outdoor.',
    person_name: resident.name,
    exit: 'Front Entrance Outdoor',
    at: nowIso().replace(/\.\d+Z$/, 'Z'),
    tier: 0,
    picture: null,
    acknowledge: { url: '/api/v1/push/acknowledge', subscription_id: subscriptionId, token: 'x'.repeat(43) },
    open_url: `/alerts?domain=${DEMO.maple}&alert=${alertId}`,
    tag,
    renotify: true,
  };

  const cdp = await page.context().newCDPSession(page);
  const registration = await registrationId(cdp, origin);
  // A push that is not Vigil's is ignored without an error; the real one shows.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: 'not json' });
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: JSON.stringify(message) });
  await expect
    .poll(async () => (await notifications(page)).filter((n) => n.tag === tag))
    .toEqual([
      {
        title: `Elopement risk: ${resident.name}`,
        body: 'Seen at Front Entrance Outdoor.',
        tag,
        icon: `${origin}/icons/icon-192.png`,
        badge: `${origin}/icons/badge-96.png`,
        requireInteraction: true,
        actions: [
          { action: 'acknowledge', title: "I'm on it" },
          { action: 'open', title: 'Open' },
        ],
      },
    ]);

  // "I'm on it": the worker posts the notification's acknowledgement (no window opens) and shows the server's answer.
  const posted = page.context().waitForEvent('request', (r) => r.url() === `${origin}/api/v1/push/acknowledge`);
  const pagesBefore = page.context().pages().length;
  await clickNotification(worker, tag, 'acknowledge');
  const request = await posted;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toEqual({ alert_id: alertId, subscription_id: subscriptionId, token: 'x'.repeat(43) });
  // This token was never the server's: it refuses, and the notification says so instead of "You're on it".
  await expect.poll(async () => (await notifications(page)).find((n) => n.tag === tag)?.title).not.toBe(`Elopement risk: ${resident.name}`);
  const [answered] = (await notifications(page)).filter((n) => n.tag === tag);
  expect(answered?.title).toBe('This notification no longer acknowledges its alert: open Vigil.');
  expect(answered?.actions).toEqual([{ action: 'open', title: 'Open' }]);
  expect(page.context().pages()).toHaveLength(pagesBefore);
  expect((await apiAlerts(page)).find((a) => a.alert_id === alertId)?.state).toBe('raised');

  // "Open" brings the open window to the alert's building and page.
  await page.goto('/dashboard');
  await activeWorker(page);
  await clickNotification(worker, tag, 'open');
  await expect(page).toHaveURL(`${origin}/alerts?domain=${DEMO.maple}&alert=${alertId}`);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
});

test('offline, the installed app still opens: the shell comes from the service worker', async ({ page, context, consoleErrors }) => {
  // Offline, every call of the app fails: that is the point.
  consoleErrors.allow(/^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED /);
  await signIn(page, ACCOUNTS.nurse, { from: '/alerts' });
  await activeWorker(page);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await context.setOffline(true);
  try {
    await page.reload();
    // The page and its scripts come from the precache; the API does not answer, and the app says so in its shell.
    await expect(page.getByRole('link', { name: 'Vigil home' })).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  } finally {
    await context.setOffline(false);
  }
});
