import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { RTSP_PORT, VIDEO_TIMEOUT, expectVideoPlaying } from '../support/video';

// Building onboarding end to end: the building (address suggestion, map click, time zone from the location), two
// cameras on the demo's simulated Hikvision NVR, 'SUCCESS!', a caregiver invited who then signs in and watches live.

test.describe.configure({ timeout: 180_000 });

test('staff onboard a building with two cameras, invite a caregiver, who watches it live', async ({ page, browser }) => {
  const run = Date.now().toString(36);
  const name = `Cedar Gardens ${run}`;
  const carer = `carer-${run}@cedar.example`;

  await signIn(page, ACCOUNTS.staff, { from: '/staff/onboard' });
  await expect(page.getByRole('heading', { name: 'Building Domain Setup' })).toBeVisible();
  await expect(page.getByTestId('location-map')).toBeVisible();

  // Without an address chosen, the building step says so.
  await page.getByRole('button', { name: 'Configure Cameras' }).click();
  await expect(page.getByRole('alert').getByText('Please make sure you entered a valid address')).toBeVisible();

  await page.getByLabel('Building name').fill(name);
  await expect(page.getByLabel('Short name')).toHaveValue(`cedar-gardens-${run}`);
  await page.getByLabel('Management group').fill('Evergreen Care');
  await page.getByRole('textbox', { name: 'Address' }).fill('Springfield, IL');
  await page
    .getByRole('option', { name: /^Springfield, IL/ })
    .first()
    .click();
  const geoloc = page.getByTestId('geoloc');
  await expect(geoloc).toHaveText(/^39\.\d+,-89\.\d+$/);
  await expect(page.getByTestId('timezone')).toHaveText('America/Chicago');
  const chosen = await geoloc.textContent();

  // A click on the map moves the marker (and the location) to the building itself.
  const map = page.getByTestId('location-map');
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 + 40 } });
  await expect(geoloc).not.toHaveText(chosen!);
  await expect(geoloc).toHaveText(/^39\.\d+,-89\.\d+$/);
  await expect(page.getByTestId('timezone')).toHaveText('America/Chicago');

  await page.getByRole('button', { name: 'Configure Cameras' }).click();
  await expect(page).toHaveURL(/\/staff\/onboard\/addCameras$/);

  const first = page.getByRole('region', { name: 'Camera 1' });
  await first.getByRole('textbox', { name: 'Manufacturer' }).click();
  await page.getByRole('option', { name: 'Hikvision', exact: true }).click();
  await first.getByLabel('Address').fill('127.0.0.1');
  await first.getByLabel('Port').fill(RTSP_PORT);
  await first.getByLabel('Description').fill('Cedar Front Door Outdoor');
  // No GPU type yet: Finished says what is missing and creates nothing.
  await page.getByRole('button', { name: 'Finished' }).click();
  await expect(first.getByText('Dont forget the GPU Type!')).toBeVisible();
  await first.getByRole('textbox', { name: 'GPU Type' }).click();
  await page.getByRole('option', { name: 'Local', exact: true }).click();
  await expect(first.getByText('Dont forget the GPU Type!')).toHaveCount(0);
  await expect(first.getByText(`rtsp://127.0.0.1:${RTSP_PORT}/Streaming/Channels/101`)).toBeVisible();

  // The second camera: same NVR, next channel, next camera number.
  await page.getByRole('button', { name: 'Add Camera' }).click();
  const second = page.getByRole('region', { name: 'Camera 2' });
  await expect(second.getByLabel('Channel')).toHaveValue('2');
  await expect(second.getByLabel('Camera number')).toHaveValue('2');
  await second.getByLabel('Description').fill('Cedar Hallway Floor 1');
  await expect(second.getByText(`rtsp://127.0.0.1:${RTSP_PORT}/Streaming/Channels/202`)).toBeVisible();

  await page.getByRole('button', { name: 'Finished' }).click();
  const success = page.getByRole('dialog');
  await expect(success.getByText('SUCCESS!')).toBeVisible();
  await expect(success.getByText(`${name} is set up with 2 cameras, recording now.`)).toBeVisible();

  // People of the building: a caregiver, invited by e-mail.
  await success.getByLabel('E-mail').fill(carer);
  await success.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^caregiver/ }).click();
  await success.getByRole('button', { name: 'Invite' }).click();
  await expect(success.getByRole('status')).toContainText(carer);

  await success.getByRole('button', { name: 'Watch live' }).click();
  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}\/live$/);
  const livePath = new URL(page.url()).pathname;
  await expectVideoPlaying(page.getByLabel('Camera video'), VIDEO_TIMEOUT);

  // The caregiver signs in with that e-mail and watches the new building live.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  try {
    await signIn(theirs, carer, { from: livePath });
    await expect(theirs.getByText(name).first()).toBeVisible();
    await expect(theirs.getByRole('switch', { name: 'Live' })).toBeChecked();
    await expectVideoPlaying(theirs.getByLabel('Camera video'), VIDEO_TIMEOUT);
  } finally {
    await context.close();
  }
});
