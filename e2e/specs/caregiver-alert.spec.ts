import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { PushReceiver, ReceivedPush } from '../../apps/server/test/push-receiver';
import { addOwnCamera, markExit } from '../support/exits';
import { ACCOUNTS, dashboardCards, expect, signIn, test, type ConsoleErrorLog } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, nowIso, sessionToken } from '../support/ingest';
import { activeWorker, clickNotification, notifications, registrationId, startWorkerPushReceiver } from '../support/push';

// Issue 37's whole path, "Exits from the UI": a manager marks a camera an exit in its settings; a resident at risk is
// seen at it; the alert's push reaches a subscribed caregiver's phone (a push service on loopback decrypts it) and her
// real service worker; "I'm on it" on the notification acknowledges it, and both the caregiver's and the manager's
// alerts pages say who did, from which device. Maple Court: the demo caregiver's building, whose alerts page lists
// elopement alerts. The camera and the resident are this test's own; the camera leaves service when it ends.
test.describe.configure({ timeout: 90_000 });

/** The alert's pictures come from its camera's clip, which this camera (no stream) never has: the card shows placeholders. */
const NO_FRAMES = /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\//;

/** Console errors of a page the fixture does not watch (another context's), into the test's log. */
function watchErrors(page: Page, log: ConsoleErrorLog): void {
  const messages = log.messages as string[];
  page.on('console', (message) => {
    if (message.type() === 'error') messages.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
}

const bearer = async (page: Page) => ({ authorization: `Bearer ${await sessionToken(page)}` });

/** A resident at elopement risk of this test's own, added as the faces registry's form does (with consent to alerts). */
async function addResidentAtRisk(page: Page, lastName: string): Promise<{ id: string; name: string }> {
  const reply = await page.request.post('/api/v6/faces', {
    headers: await bearer(page),
    data: {
      domain_uuid: DEMO.maple,
      face_info: {
        first_name: 'Iris',
        last_name: lastName,
        role: 'resident',
        gender: 'female',
        complexion: 'Other',
        room: '14',
        elopement_risk: true,
      },
      consent: { state: 'given', given_by: 'person', purposes: ['recognition', 'alerts'] },
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return { id: ((await reply.json()) as { frontend_face_uuid: string }).frontend_face_uuid, name: `Iris ${lastName}` };
}

/** The pushes this device was sent for this resident at this step (the device also gets other specs' Maple Court alerts). */
const pushesOf = (received: ReceivedPush[], device: string, person: string, step: string) =>
  received.filter((p) => {
    const message = p.message as { person_name?: string; step?: string } | undefined;
    return p.device === device && message?.person_name === person && message.step === step;
  });

test('a camera a manager marks an exit sees a resident at risk; the caregiver\'s phone gets the push and "I\'m on it" acknowledges it for everyone to see', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}, testInfo) => {
  consoleErrors.allow(NO_FRAMES);
  const origin = new URL(baseURL!).origin;
  const id = randomBytes(3).toString('hex');
  const camera = `Laundry Door ${id}`;
  const deviceLabel = `E2E Pixel ${id}`;
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  watchErrors(manager, consoleErrors);
  let receiver: PushReceiver | undefined;
  let cameraId: string | undefined;
  let subscriptionId: string | undefined;

  try {
    // The manager and the caregiver get ready side by side, each in a browser of their own.
    const [ready, device] = await Promise.all([
      test.step('the manager marks a camera of Maple Court an exit in its settings', async () => {
        await signIn(manager, ACCOUNTS.manager);
        cameraId = await addOwnCamera(manager, DEMO.maple, camera);
        await markExit(manager, { building: 'Maple Court', camera, exit: true });
        const resident = await addResidentAtRisk(manager, `Caregiver${id}`);
        // What an administrator gives a detector once (the analyzer's own key would do the same).
        return { resident, detectorKey: await createDetectorKey(manager, DEMO.maple) };
      }),
      test.step("the caregiver's phone receives Maple Court's alerts", async () => {
        await page.context().grantPermissions(['notifications'], { origin });
        await signIn(page, ACCOUNTS.nurse);
        await activeWorker(page);
        const key = await page.request.get('/api/v1/push/key', { headers: await bearer(page) });
        expect(key.status()).toBe(200);
        receiver = await startWorkerPushReceiver(testInfo, ((await key.json()) as { public_key: string }).public_key);
        const phone = receiver.device();
        // Her device, subscribed as the alerts page subscribes this browser: the page posts its PushSubscription's JSON
        // with her session. Chromium's own pushManager.subscribe needs Google's push service, which this offline machine
        // cannot reach, so the subscription posted is the loopback push service's device (its real keys, its endpoint).
        const subscribed = await page.request.post('/api/v1/push/subscriptions', {
          headers: await bearer(page),
          data: { domain_uuid: DEMO.maple, device_label: deviceLabel, subscription: phone.subscription },
        });
        expect(subscribed.status(), await subscribed.text()).toBe(200);
        subscriptionId = ((await subscribed.json()) as { subscription: { id: string } }).subscription.id;
        // Her alerts page lists it among her devices for the building, and hears of new alerts live.
        await dashboardCards(page).getByRole('link', { name: 'Alerts', exact: true }).click();
        await expect(
          page.getByRole('list', { name: 'Your devices for this building' }).getByText(deviceLabel, { exact: true }),
        ).toBeVisible();
        await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
        return phone;
      }),
    ]);
    const { resident, detectorKey } = ready;
    const alertName = `Elopement alert: ${resident.name} at ${camera}`;
    const card = page.getByRole('listitem', { name: alertName, exact: true });

    const raised = await test.step('the resident is seen at the exit: the push service gets the alert for her phone', async () => {
      // As an analyzer sends an exit's face: at once, alone, its pictures after (none here: this camera films nothing).
      await ingest(manager.request, detectorKey, {
        faces: [
          {
            camera_uuid: cameraId!,
            captured_at: nowIso(),
            frontend_face_uuid: resident.id,
            confidence: 0.97,
            runtime_face_uuid: randomUUID(),
          },
        ],
      });
      const received = await receiver!.until((all) => pushesOf(all, device.id, resident.name, 'raised').length > 0, 30_000);
      const [push] = pushesOf(received, device.id, resident.name, 'raised');
      // Signed for this push service (VAPID), encrypted to the phone's keys (the receiver decrypted it), urgent.
      expect(push!.status).toBe(201);
      expect(push!.vapid.aud).toBe(receiver!.origin);
      expect(push!.headers).toMatchObject({ urgency: 'high', contentEncoding: 'aes128gcm' });
      const message = push!.message as { alert_id: string; tag: string };
      expect(message).toMatchObject({
        kind: 'elopement_alert',
        step: 'raised',
        domain_uuid: DEMO.maple,
        title: `Elopement risk: ${resident.name}`,
        body: `Seen at ${camera}.`,
        person_name: resident.name,
        exit: camera,
        acknowledge: {
          url: '/api/v1/push/acknowledge',
          subscription_id: subscriptionId,
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
        open_url: `/alerts?domain=${DEMO.maple}&alert=${message.alert_id}`,
        tag: `alert-${message.alert_id}`,
      });
      // Her open page heard of it too.
      await expect(card.getByText('Raised', { exact: true })).toBeVisible();
      return { plaintext: push!.plaintext, tag: message.tag };
    });

    const cdp = await page.context().newCDPSession(page);
    const registration = await registrationId(cdp, origin);
    await test.step('her phone shows it; "I\'m on it" acknowledges it without opening Vigil', async () => {
      // The phone's browser hands its service worker exactly the bytes the push service decrypted.
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: raised.plaintext });
      await expect
        .poll(() => notifications(page, raised.tag), { message: 'the notification of the alert' })
        .toEqual([
          {
            title: `Elopement risk: ${resident.name}`,
            body: `Seen at ${camera}.`,
            tag: raised.tag,
            requireInteraction: true,
            actions: [
              { action: 'acknowledge', title: "I'm on it" },
              { action: 'open', title: 'Open' },
            ],
          },
        ]);
      const answered = page.context().waitForEvent('response', (r) => r.url() === `${origin}/api/v1/push/acknowledge`);
      const pagesBefore = page.context().pages().length;
      await clickNotification(await activeWorker(page), raised.tag, 'acknowledge');
      const answer = await answered;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ ok: true, state: 'acknowledged' });
      await expect.poll(async () => (await notifications(page, raised.tag)).map((n) => n.title)).toEqual(["You're on it"]);
      expect(page.context().pages()).toHaveLength(pagesBefore);
    });

    await test.step('everyone told hears who is on it: her notification is replaced quietly', async () => {
      const received = await receiver!.until((all) => pushesOf(all, device.id, resident.name, 'acknowledged').length > 0, 30_000);
      const [onIt] = pushesOf(received, device.id, resident.name, 'acknowledged');
      expect(onIt!.message).toMatchObject({
        title: 'Nora Quinn is on it',
        body: `${resident.name} at ${camera}.`,
        acknowledge: null,
        tag: raised.tag,
      });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: onIt!.plaintext });
      await expect
        .poll(() => notifications(page, raised.tag))
        .toEqual([
          {
            title: 'Nora Quinn is on it',
            body: `${resident.name} at ${camera}.`,
            tag: raised.tag,
            requireInteraction: false,
            actions: [{ action: 'open', title: 'Open' }],
          },
        ]);
    });

    await test.step("her alerts page and the manager's say who acknowledged it, from which device", async () => {
      const acknowledgedLine = new RegExp(`^Acknowledged by Nora Quinn \\(${deviceLabel}\\) \\d\\d:\\d\\d:\\d\\d$`);
      const steps = `Steps of the alert for ${resident.name}`;
      await expect(card.getByText('Acknowledged', { exact: true })).toBeVisible();
      await expect(card.getByRole('group', { name: steps }).getByText(acknowledgedLine)).toBeVisible();
      await expect(card.getByRole('button', { name: "I'm on it" })).toHaveCount(0);
      await manager.goto(`/alerts?domain=${DEMO.maple}`);
      const managersCard = manager.getByRole('listitem', { name: alertName, exact: true });
      await expect(managersCard.getByText('Acknowledged', { exact: true })).toBeVisible();
      await expect(managersCard.getByRole('group', { name: steps }).getByText(acknowledgedLine)).toBeVisible();
    });
  } finally {
    // Her device stops receiving Maple Court's alerts, and the camera leaves service (Maple Court keeps its seven).
    const cleanUp = async (what: string, done: () => Promise<{ status(): number }>) => {
      const status = await done().then(
        (reply) => reply.status(),
        () => 0,
      );
      expect.soft(status, what).toBe(200);
    };
    if (subscriptionId)
      await cleanUp('her device is turned off', async () =>
        page.request.delete(`/api/v1/push/subscriptions/${subscriptionId}`, { headers: await bearer(page) }),
      );
    if (cameraId)
      await cleanUp('the camera leaves service', async () =>
        manager.request.delete(`/api/v4/cameras/${cameraId}`, { headers: await bearer(manager) }),
      );
    await receiver?.close();
    await managerContext.close();
  }
});
