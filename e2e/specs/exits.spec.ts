import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { addOwnCamera, cameraCard, exitBadge, exitSwitch, openCameraSettings, openCamerasPage, setExitInSettings } from '../support/exits';
import { newPerson } from '../support/cli';

// Exits set in the product (issue 37): a manager (alerting/edit) marks a camera an exit in its settings, sees the
// "Exit" badge on its card, finds it there after a reload, and marks it off again; a caregiver sees the badge but no
// switch. The camera is this spec's own, in Birch House, so no other spec's exits or alerts change.
const BIRCH_HOUSE = '8e3d1b7c-2a4f-4e6d-8b19-5c0a9f2e4b02';

test('a manager marks a camera an exit in its settings, and off again; the card says so, after a reload too', async ({ page }) => {
  const camera = `Garden Gate ${Date.now().toString(36)}`;
  await signIn(page, ACCOUNTS.manager);
  await addOwnCamera(page, BIRCH_HOUSE, camera);

  await openCamerasPage(page, 'Birch House');
  const card = cameraCard(page, camera);
  await expect(card).toBeVisible();
  await expect(exitBadge(card)).toHaveCount(0);
  let dialog = await openCameraSettings(page, camera);
  await expect(exitSwitch(dialog)).not.toBeChecked();
  const put = page.waitForResponse((r) => r.url().endsWith('/exit') && r.request().method() === 'PUT');
  await setExitInSettings(dialog, camera, true);
  expect((await put).request().postDataJSON()).toMatchObject({ is_exit: true });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(exitBadge(card)).toBeVisible();

  await page.reload();
  await expect(exitBadge(cameraCard(page, camera))).toBeVisible();
  dialog = await openCameraSettings(page, camera);
  await expect(exitSwitch(dialog)).toBeChecked();
  await setExitInSettings(dialog, camera, false);
  await page.keyboard.press('Escape');
  await expect(exitBadge(cameraCard(page, camera))).toHaveCount(0);
  await page.reload();
  await expect(cameraCard(page, camera)).toBeVisible();
  await expect(exitBadge(cameraCard(page, camera))).toHaveCount(0);
});

test('a caregiver sees which cameras are exits and cannot change them', async ({ page, browser }) => {
  const camera = `Side Door ${Date.now().toString(36)}`;
  await signIn(page, ACCOUNTS.manager);
  await addOwnCamera(page, BIRCH_HOUSE, camera);
  await openCamerasPage(page, 'Birch House');
  await setExitInSettings(await openCameraSettings(page, camera), camera, true);

  const caregiver = newPerson('caregiver', 'Birch House', 'E2E Caregiver');
  const other = await browser.newPage();
  try {
    await signIn(other, caregiver.email);
    await openCamerasPage(other, 'Birch House');
    await expect(exitBadge(cameraCard(other, camera))).toBeVisible();
    // No video/edit, video/delete or alerting/edit: no settings to open, so no switch either.
    await expect(cameraCard(other, camera).getByRole('button', { name: `Settings of ${camera}` })).toHaveCount(0);
  } finally {
    await other.close();
  }
});
