import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { PushReceiver, ReceivedPush } from '../../apps/server/test/push-receiver';
import { vigil } from '../support/cli';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, nowIso, sessionToken } from '../support/ingest';
import { activeWorker, clickNotification, notifications, registrationId, startWorkerPushReceiver } from '../support/push';

// The PWA's service worker in Chromium (issue 37): what it is served with, how it shows a push (the server's real one,
// decrypted by a push service on loopback, handed to the worker through the DevTools protocol), "I'm on it" from the
// notification for two devices of one caregiver (one acknowledgement counts; the other notification says so), "Open",
// and the offline shell. caregiver-alert.spec.ts follows one alert from an exit marked in the UI to everyone's pages.

// Sign-ins in two contexts, a real alert and a service worker on a machine that also records eleven cameras.
test.describe.configure({ timeout: 120_000 });

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

/** A resident at elopement risk of this test's own (a person raises one alert per exit per 120 s, and specs share the demo's). */
function residentAtRisk(): { id: string; name: string } {
  const last = `Push${randomBytes(3).toString('hex')}`;
  const out = vigil('add-person', DEMO.maple, 'Ada', last, 'resident', 'gender=female', 'elopement_risk=yes', 'room=21');
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(out)?.[0];
  if (!id) throw new Error(`add-person printed no uuid: ${out}`);
  return { id, name: `Ada ${last}` };
}

const bearer = async (page: Page) => ({ authorization: `Bearer ${await sessionToken(page)}` });

interface ApiAlert {
  alert_id: string;
  runtime_face_uuid: string;
  state: 'raised' | 'acknowledged' | 'dismissed';
  acknowledged_by_end_user_info: { name: string } | null;
  acknowledged_device: string | null;
}

async function apiAlert(page: Page, alertId: string): Promise<ApiAlert | undefined> {
  const response = await page.request.get(`/api/v1/faces/alerts?domainUUID=${DEMO.maple}&include_dismissed=true`, {
    headers: await bearer(page),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { alerts: ApiAlert[] }).alerts.find((a) => a.alert_id === alertId);
}

/** The raised step's push this device got for this resident (the device also gets other specs' Maple Court alerts). */
const raisedPush = (received: ReceivedPush[], device: string, person: string) =>
  received.find((p) => {
    const message = p.message as { person_name?: string; step?: string } | undefined;
    return p.device === device && message?.person_name === person && message.step === 'raised';
  });

test('the worker shows a real alert\'s push with its actions; "I\'m on it" acknowledges it once, for one of two devices, without opening a window', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}, testInfo) => {
  // Frames of a moment whose clip is still being written answer 404 for a few seconds; the page shows a placeholder.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\//);
  const origin = new URL(baseURL!).origin;
  const detectorKey = mapleDetectorKey(browser);
  await page.context().grantPermissions(['notifications'], { origin });
  await signIn(page, ACCOUNTS.nurse, { from: '/alerts' });
  const worker = await activeWorker(page);
  let receiver: PushReceiver | undefined;
  const subscriptions: string[] = [];

  try {
    await test.step('the worker, its manifest and the CSP are served as a PWA needs', async () => {
      // Served fresh every time (a new build replaces the worker), precompressed, from this origin, allowed by the CSP.
      const script = await page.request.get('/sw.js', { headers: { 'accept-encoding': 'br' } });
      expect(script.headers()['cache-control']).toBe('no-cache');
      expect(script.headers()['content-type']).toMatch(/javascript/);
      expect(script.headers()['content-encoding']).toBe('br');
      const csp = (await page.request.get('/alerts')).headers()['content-security-policy'] ?? '';
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toMatch(/worker-src 'self'/);
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(await manifest.json()).toMatchObject({ name: 'Vigil', display: 'standalone', start_url: '/dashboard', scope: '/' });
    });

    // Two phones of hers, each subscribed as the alerts page subscribes a browser (its PushSubscription's JSON with her
    // session). Chromium's own pushManager.subscribe needs Google's push service, which this offline machine cannot
    // reach: the subscriptions are the loopback push service's devices (their real keys and endpoints).
    const key = await page.request.get('/api/v1/push/key', { headers: await bearer(page) });
    expect(key.status()).toBe(200);
    receiver = await startWorkerPushReceiver(testInfo, ((await key.json()) as { public_key: string }).public_key);
    const phones = [receiver.device(), receiver.device()];
    const labels = phones.map((_, i) => `E2E phone ${i + 1} ${randomBytes(2).toString('hex')}`);
    for (const [i, phone] of phones.entries()) {
      const subscribed = await page.request.post('/api/v1/push/subscriptions', {
        headers: await bearer(page),
        data: { domain_uuid: DEMO.maple, device_label: labels[i], subscription: phone.subscription },
      });
      expect(subscribed.status(), await subscribed.text()).toBe(200);
      subscriptions.push(((await subscribed.json()) as { subscription: { id: string } }).subscription.id);
    }

    const resident = residentAtRisk();
    const runtimeFace = randomUUID();
    await ingest(page.request, await detectorKey, {
      faces: [
        {
          camera_uuid: DEMO.mapleExit,
          captured_at: nowIso(),
          frontend_face_uuid: resident.id,
          confidence: 0.97,
          runtime_face_uuid: runtimeFace,
        },
      ],
    });
    const received = await receiver.until((all) => phones.every((phone) => raisedPush(all, phone.id, resident.name)), 30_000);
    const [first, second] = phones.map((phone) => raisedPush(received, phone.id, resident.name)!);
    const alertId = (first!.message as { alert_id: string }).alert_id;
    const tag = `alert-${alertId}`;

    const cdp = await page.context().newCDPSession(page);
    const registration = await registrationId(cdp, origin);
    await test.step('a push that is not Vigil\'s is ignored; the alert\'s shows, urgent, with "I\'m on it" and "Open"', async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: 'not json' });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: first!.plaintext });
      await expect
        .poll(() => notifications(page, tag))
        .toEqual([
          {
            title: `Elopement risk: ${resident.name}`,
            body: 'Seen at Front Entrance Outdoor.',
            tag,
            requireInteraction: true,
            actions: [
              { action: 'acknowledge', title: "I'm on it" },
              { action: 'open', title: 'Open' },
            ],
          },
        ]);
      // Its icon is the face crop the push carried, or the app's; the badge is the app's silhouette.
      const [shown] = await page.evaluate(async (tag) => {
        const notes = await (await navigator.serviceWorker.ready).getNotifications({ tag });
        return notes.map((n) => ({ icon: n.icon, badge: n.badge }));
      }, tag);
      expect(shown!.icon).toMatch(/^(data:image\/jpeg;base64,|http:\/\/localhost:\d+\/icons\/icon-192\.png$)/);
      expect(shown!.badge).toBe(`${origin}/icons/badge-96.png`);
    });

    await test.step('"I\'m on it" acknowledges the alert on the server, from the worker, without opening a window', async () => {
      const answered = page.context().waitForEvent('response', (r) => r.url() === `${origin}/api/v1/push/acknowledge`);
      const pagesBefore = page.context().pages().length;
      await clickNotification(worker, tag, 'acknowledge');
      const answer = await answered;
      expect(answer.request().method()).toBe('POST');
      expect(answer.request().postDataJSON()).toEqual({
        alert_id: alertId,
        subscription_id: subscriptions[0],
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      expect(answer.status()).toBe(200);
      await expect
        .poll(() => notifications(page, tag))
        .toEqual([
          {
            title: "You're on it",
            body: `${resident.name} at Front Entrance Outdoor.`,
            tag,
            requireInteraction: false,
            actions: [{ action: 'open', title: 'Open' }],
          },
        ]);
      expect(page.context().pages()).toHaveLength(pagesBefore);
      expect(await apiAlert(page, alertId)).toMatchObject({
        state: 'acknowledged',
        acknowledged_by_end_user_info: { name: 'Nora Quinn' },
        acknowledged_device: labels[0],
      });
    });

    await test.step('her other phone\'s "I\'m on it" counts no more: its notification says the alert was acknowledged', async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: second!.plaintext });
      await expect.poll(async () => (await notifications(page, tag)).map((n) => n.title)).toEqual([`Elopement risk: ${resident.name}`]);
      const answered = page.context().waitForEvent('response', (r) => r.url() === `${origin}/api/v1/push/acknowledge`);
      await clickNotification(worker, tag, 'acknowledge');
      expect((await answered).status()).toBe(409);
      await expect
        .poll(() => notifications(page, tag))
        .toEqual([
          {
            title: 'This alert was already acknowledged.',
            body: `Elopement risk: ${resident.name}. ${resident.name} at Front Entrance Outdoor.`,
            tag,
            requireInteraction: false,
            actions: [{ action: 'open', title: 'Open' }],
          },
        ]);
      expect((await apiAlert(page, alertId))?.acknowledged_device, 'the first acknowledgement stands').toBe(labels[0]);
    });

    await test.step('"Open" brings the open window to the alert\'s building and page', async () => {
      await page.goto('/dashboard');
      await activeWorker(page);
      await clickNotification(worker, tag, 'open');
      await expect(page).toHaveURL(`${origin}/alerts?domain=${DEMO.maple}&alert=${alertId}`);
      await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Your devices for this building' })).toContainText(labels[0]!);
    });
  } finally {
    for (const id of subscriptions) {
      const reply = await page.request.delete(`/api/v1/push/subscriptions/${id}`, { headers: await bearer(page) }).catch(() => null);
      expect.soft(reply?.status(), 'her test devices are turned off').toBe(200);
    }
    await receiver?.close();
  }
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
