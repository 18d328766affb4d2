import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// Exits as staff set them in the product (issue 37): the cameras page's cards, their "Exit" badge and the settings'
// "Exit" switch. Reusable by any spec that needs a camera marked an exit the way a manager marks one.

/** A camera of this spec's own at `building` (uuid), on a stream path no simulated camera serves: it exists, unrecorded. */
export async function addOwnCamera(page: Page, building: string, name: string): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  const reply = await page.request.post('/api/v4/cameras/upload', {
    headers: { Authorization: `Bearer ${token}` },
    data: [{ name, domainUUID: building, host: '127.0.0.1', port: 554, path: `/e2e/${name.replace(/\W+/g, '-').toLowerCase()}` }],
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { cameras: { uuid: string }[] }).cameras[0]!.uuid;
}

/** The cameras page (/camera/all: reachable by its address, whatever the cameras-page flag) of `building` (its name). */
export async function openCamerasPage(page: Page, building: string): Promise<void> {
  await page.goto('/camera/all');
  // Someone with one building has no picker: the top bar names it.
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  const only = page.getByRole('group', { name: 'at', exact: true });
  await expect(picker.or(only)).toBeVisible();
  if (await only.isVisible()) await expect(only).toContainText(building);
  else if ((await picker.inputValue()) !== building) {
    await picker.click();
    await page.getByRole('option', { name: building, exact: true }).click();
    await expect(picker).toHaveValue(building);
  }
  await expect(page.getByRole('region', { name: 'Cameras' })).toBeVisible();
}

/** A camera's card on the cameras page. */
export const cameraCard = (page: Page, camera: string): Locator => page.getByRole('article', { name: camera, exact: true });

/** The card's "Exit" badge (everyone who sees the camera sees it). */
export const exitBadge = (card: Locator): Locator => card.getByText('Exit', { exact: true });

/** Opens a camera's settings from its card; the dialog. */
export async function openCameraSettings(page: Page, camera: string): Promise<Locator> {
  await cameraCard(page, camera)
    .getByRole('button', { name: `Settings of ${camera}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `${camera}: settings` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The settings' "Exit" switch (holders of alerting/edit only). */
export const exitSwitch = (dialog: Locator): Locator => dialog.getByRole('switch', { name: /^Exit/ });

/** In a camera's open settings, sets the "Exit" switch and waits for the server's answer. */
export async function setExitInSettings(dialog: Locator, camera: string, exit: boolean): Promise<void> {
  const toggle = exitSwitch(dialog);
  await expect(toggle).toBeEnabled();
  if ((await toggle.isChecked()) === exit) return;
  await toggle.click({ force: true });
  await expect(dialog.getByRole('status')).toHaveText(
    exit ? `${camera} is now an exit: the analyzers treat its next frame as an exit's.` : `${camera} is no longer an exit.`,
  );
  await expect(toggle).toBeChecked({ checked: exit });
}

/** Marks a camera an exit (or not) as a manager does: its settings from its card on the cameras page, then closed. */
export async function markExit(page: Page, o: { building: string; camera: string; exit: boolean }): Promise<void> {
  await openCamerasPage(page, o.building);
  const dialog = await openCameraSettings(page, o.camera);
  await setExitInSettings(dialog, o.camera, o.exit);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(exitBadge(cameraCard(page, o.camera))).toHaveCount(o.exit ? 1 : 0);
}
