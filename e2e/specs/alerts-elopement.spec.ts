import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test, type ConsoleErrorLog } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, nowIso, sessionToken } from '../support/ingest';

// Two sign-ins (staff makes the detector key, the nurse watches) on a machine that also records eleven cameras.
test.describe.configure({ timeout: 90_000 });

/** Frames of a moment whose clip is still being written answer 404 for a few seconds; the page shows a placeholder. */
function allowPendingFrames(consoleErrors: ConsoleErrorLog) {
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\/(event|face|poster)\/[0-9a-f-]{36}\.jpg\)$/,
  );
}

/** A detector key for Maple Court, made by staff in their own browser context (the nurse may not make one). */
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

/** A resident at risk seen at Maple Court's exit camera: the detector's report that raises an elopement alert. */
async function residentAtExit(page: Page, key: string, resident: string): Promise<string> {
  const runtimeFace = randomUUID();
  const reply = (await ingest(page.request, key, {
    faces: [
      {
        camera_uuid: DEMO.mapleExit,
        captured_at: nowIso(),
        frontend_face_uuid: resident,
        confidence: 0.96,
        runtime_face_uuid: runtimeFace,
      },
    ],
  })) as { elopement_alerts: number };
  expect(reply.elopement_alerts, 'the face at the exit raised an elopement alert').toBe(1);
  // The alert's id, as the signed-in user's API sees it, finds its card on the page.
  const alert = (await apiAlerts(page)).find((a) => a.runtime_face_uuid === runtimeFace);
  expect(alert, 'the new alert is listed by the API').toBeDefined();
  return alert!.alert_id;
}

interface ApiAlert {
  alert_id: string;
  event_ts: number;
  runtime_face_uuid: string;
  face_match: boolean | null;
  not_a_face: boolean;
  dismissed_at: string | null;
  dismissed_by_end_user_info: { name: string } | null;
}

/** Maple Court's alerts of the last day as the signed-in user's API gives them, dismissed ones included. */
async function apiAlerts(page: Page): Promise<ApiAlert[]> {
  const token = await sessionToken(page);
  const response = await page.request.get(`/api/v1/faces/alerts?domainUUID=${DEMO.maple}&include_dismissed=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { alerts: ApiAlert[] }).alerts;
}

async function openAlertsAsNurse(page: Page) {
  await signIn(page, ACCOUNTS.nurse, { from: '/alerts' });
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Elopement alerts' });
  // The simulated history holds active alerts of the last day at Maple Court.
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  return list;
}

test('an elopement alert at the exit appears on an open alerts page without a reload, and takes face-match answers', async ({
  page,
  browser,
  consoleErrors,
}) => {
  allowPendingFrames(consoleErrors);
  const detectorKey = mapleDetectorKey(browser);
  await openAlertsAsNurse(page);
  const key = await detectorKey;
  // A mark on the window survives anything but a reload.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const alertId = await residentAtExit(page, key, DEMO.margaretHill);
  const card = page.getByTestId(`elopement-alert-${alertId}`);
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => 'notReloaded' in window), 'the page was not reloaded').toBe(true);
  await expect(card).toHaveAccessibleName('Elopement alert: Margaret Hill at Front Entrance Outdoor');
  await expect(card.getByText(/^(just now|\d+ seconds ago)$/)).toBeVisible();
  // Newest first (the analyzer may raise real alerts meanwhile: the order is checked, not the top place).
  await expect
    .poll(
      async () => {
        const shown = await page
          .getByRole('list', { name: 'Elopement alerts' })
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')?.replace('elopement-alert-', '') ?? ''));
        const when = new Map((await apiAlerts(page)).map((a) => [a.alert_id, a.event_ts]));
        const times = shown.map((id) => when.get(id) ?? Number.NaN);
        return shown.includes(alertId) && times.every((t, i) => i === 0 || t <= times[i - 1]!);
      },
      { message: 'the alerts are listed newest first, the new one among them' },
    )
    .toBe(true);

  const match = card.getByRole('group', { name: 'Face match for Margaret Hill' });
  await expect(match.getByRole('status')).toHaveText('Match not yet checked');
  await match.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(match.getByRole('status')).toHaveText('Match confirmed');
  await expect(match.getByRole('button', { name: 'Correct', exact: true })).toHaveCount(0);
  await match.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(match.getByRole('status')).toHaveText('Match not yet checked');
  await match.getByRole('button', { name: 'Wrong person', exact: true }).click();
  await expect(match.getByRole('status')).toHaveText('Wrong person');
  await match.getByRole('button', { name: 'Undo', exact: true }).click();
  await match.getByRole('button', { name: 'Not a Face', exact: true }).click();
  await expect(match.getByRole('status')).toHaveText('Not a face');
  // The answer is the server's.
  await expect.poll(async () => (await apiAlerts(page)).find((a) => a.alert_id === alertId)?.not_a_face).toBe(true);
  await match.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(match.getByRole('status')).toHaveText('Match not yet checked');

  // The full frame opens large.
  await card.getByRole('button', { name: 'Enlarge the frame of Margaret Hill at Front Entrance Outdoor' }).click();
  const enlarged = page.getByRole('dialog', { name: 'Margaret Hill at Front Entrance Outdoor' });
  await expect(enlarged).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(enlarged).toHaveCount(0);
});

test("dismissing with the nurse's PIN: a wrong PIN shows the server's error, the right one removes the alert", async ({
  page,
  browser,
  consoleErrors,
}) => {
  allowPendingFrames(consoleErrors);
  // The refused PIN is the point of this test: Chromium logs the refused call.
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 403 \(Forbidden\) \(\S+\/api\/v1\/faces\/alerts\/[0-9a-f-]{36}\/dismiss\)$/,
  );
  const detectorKey = mapleDetectorKey(browser);
  await openAlertsAsNurse(page);
  const key = await detectorKey;
  const alertId = await residentAtExit(page, key, DEMO.walterBrooks);
  const card = page.getByTestId(`elopement-alert-${alertId}`);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Dismiss', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss alert' });
  await expect(dialog.getByText('Please enter your PIN to dismiss this alert.')).toBeVisible();
  const pin = dialog.getByLabel('PIN', { exact: true });
  const submit = dialog.getByRole('button', { name: 'Dismiss alert', exact: true });

  // Checked before anything is sent.
  await pin.fill('12');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Your pin must be at least 4 digits.');

  const wrong = '97531864';
  const refused = page.waitForResponse((r) => r.url().endsWith(`/api/v1/faces/alerts/${alertId}/dismiss`));
  await pin.fill(wrong);
  await submit.click();
  const refusal = await refused;
  expect(refusal.status()).toBe(403);
  expect(refusal.request().postData(), 'the PIN itself never leaves the browser').not.toContain(wrong);
  await expect(dialog.getByRole('alert')).toHaveText('That PIN does not belong to anyone in this building.');
  await expect(pin, 'what was typed stays').toHaveValue(wrong);
  await expect(card).toBeVisible();

  await pin.fill(DEMO.nursePin);
  await submit.click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(0);
  // The server recorded the PIN's owner as the one who dismissed it.
  const dismissed = (await apiAlerts(page)).find((a) => a.alert_id === alertId);
  expect(dismissed?.dismissed_at).not.toBeNull();
  expect(dismissed?.dismissed_by_end_user_info?.name).toBe('Nora Quinn');
});
