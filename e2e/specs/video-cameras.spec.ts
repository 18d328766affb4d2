import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { MAPLE_CAMERAS, RTSP_PORT, apiClient, enableFlags, expectVideoPlaying, urlMoment } from '../support/video';

test.describe.configure({ timeout: 150_000 });

const BIRCH_HOUSE = '8e3d1b7c-2a4f-4e6d-8b19-5c0a9f2e4b02';
const VIEW_LINK = /^\/view\/([0-9a-f-]{36})\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/;

test.beforeEach(async ({ page }) => {
  await enableFlags(page, { add_camera: true, cameras_page: true });
});

/** Staff see Birch House first (buildings come sorted by name); the picker labelled 'at' changes it. */
async function chooseBuilding(page: Page, name: string) {
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  if ((await picker.inputValue()) === name) return;
  await picker.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
}

const cameraCards = (page: Page) => page.getByRole('region', { name: 'Cameras' }).getByRole('article');

test('the cameras page shows a card per camera with its latest picture, linking to the viewer', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/camera/all' });
  await expect(page.getByRole('heading', { name: 'Cameras', level: 1 })).toBeVisible();
  await chooseBuilding(page, 'Maple Court');

  const cards = cameraCards(page);
  // The demo's seven, each once, and none of Birch House's: a spec's own camera may come and go meanwhile
  // (caregiver-alert.spec.ts marks one of Maple Court's an exit, the demo caregiver's building).
  for (const camera of MAPLE_CAMERAS) await expect(cards.filter({ hasText: camera.description })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Garden Gate Outdoor' })).toHaveCount(0);
  // Every camera records from the start; a card gets its thumbnail with the first clip.
  await expect(async () => {
    await page.reload();
    for (const camera of MAPLE_CAMERAS) {
      const card = cards.filter({ hasText: camera.description });
      await expect(card).toHaveCount(1);
      await expect(card.getByText('recording', { exact: true })).toBeVisible();
      await expect(card.locator('img')).toBeVisible();
    }
  }).toPass({ timeout: 90_000, intervals: [2_000, 5_000] });

  const loadedAt = Date.now();
  for (const camera of MAPLE_CAMERAS) {
    const card = cards.filter({ hasText: camera.description });
    const thumbnail = card.locator('img');
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
        message: `${camera.description}: the thumbnail loaded`,
      })
      .toBeGreaterThan(0);
    const href = (await card.getByRole('link').getAttribute('href')) ?? '';
    const match = VIEW_LINK.exec(href);
    expect(match, `${camera.description} links to /view/{cameraId}/{UTC time}: ${href}`).not.toBeNull();
    expect(match![1]).toBe(camera.uuid);
    // The latest clip: recent, not in the future.
    const moment = Date.parse(match![2]!);
    expect(moment).toBeLessThanOrEqual(loadedAt);
    expect(moment).toBeGreaterThan(loadedAt - 5 * 60_000);
  }

  // A card opens the viewer at that moment, playing (the URL then follows playback into later clips).
  const first = cards.filter({ hasText: MAPLE_CAMERAS[0].description });
  const linked = Date.parse(VIEW_LINK.exec((await first.getByRole('link').getAttribute('href'))!)![2]!);
  await first.getByRole('link').click();
  await expect(page).toHaveURL((url) => {
    const moment = urlMoment(url);
    return url.pathname.startsWith(`/view/${MAPLE_CAMERAS[0].uuid}/`) && moment !== null && moment >= linked && moment < linked + 60_000;
  });
  await expect(page.getByRole('textbox', { name: 'Camera', exact: true })).toHaveValue(MAPLE_CAMERAS[0].description);
  await expectVideoPlaying(page.getByLabel('Camera video'));
});

test('a camera added with the Other profile appears, records, and has clips', async ({ page }) => {
  const name = 'E2E Door Camera';
  const url = `rtsp://127.0.0.1:${RTSP_PORT}/demo/front-entrance-outdoor`;
  await signIn(page, ACCOUNTS.staff, { from: '/camera/add' });
  await expect(page.getByRole('heading', { name: 'Add Camera', level: 1 })).toBeVisible();
  // New cameras go to the current building: Birch House, so Maple Court keeps its seven.
  await chooseBuilding(page, 'Birch House');
  await expect(page.getByText('Cameras are added to Birch House.')).toBeVisible();

  await page.getByText('Other', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Other camera' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'URL', exact: true }).fill(url);
  await expect(form.getByText('1 camera will be added.')).toBeVisible();
  const uploaded = page.waitForResponse(
    (response) => response.url().endsWith('/api/v4/cameras/upload') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Upload' }).click();
  const response = await uploaded;
  expect(response.status()).toBe(200);
  const reply = (await response.json()) as { cameras: { uuid: string; name: string }[] };
  expect(reply.cameras).toHaveLength(1);
  const cameraId = reply.cameras[0]!.uuid;
  expect(response.request().postDataJSON()).toEqual([
    expect.objectContaining({
      name,
      domainUUID: BIRCH_HOUSE,
      protocol: 'rtsp',
      host: '127.0.0.1',
      port: Number(RTSP_PORT),
      path: '/demo/front-entrance-outdoor',
    }),
  ]);
  await expect(form.getByRole('status')).toHaveText('Successfully added 1 cameras.');

  // The cameras page lists it; once its recorder connects, the card says it is recording.
  await page.goto('/camera/all');
  await expect(page.getByRole('textbox', { name: 'at', exact: true })).toHaveValue('Birch House');
  // Found by its id (the name could be there twice if this test ran twice against one server).
  const card = page
    .getByRole('region', { name: 'Cameras' })
    .getByRole('article')
    .filter({ has: page.locator(`a[href^="/view/${cameraId}/"]`) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(name);
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('recording', { exact: true })).toBeVisible();
  }).toPass({ timeout: 60_000, intervals: [2_000, 3_000] });

  // And it records: clips of it appear (the first whole clip ends at most two clip lengths after the recorder connects).
  const api = await apiClient(page);
  await expect
    .poll(async () => (await api.clips(cameraId, Date.now())).length, {
      message: 'the new camera has recorded clips',
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);
  const listed = (await api.cameras(BIRCH_HOUSE)).find((camera) => camera.uuid === cameraId);
  expect(listed?.description).toBe(name);
  expect(listed?.state).toBe('recording');
});

test('the Hikvision profile uploads one record per stream and copy', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/camera/add' });
  await chooseBuilding(page, 'Birch House');
  await expect(page.getByText('Cameras are added to Birch House.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Hikvision camera' });
  await expect(form).toBeVisible();

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Lobby NVR');
  await form.getByRole('textbox', { name: 'Hostname', exact: true }).fill('192.0.2.10');
  await form.getByRole('spinbutton', { name: 'Port', exact: true }).fill('8554');
  await form.getByLabel('Password', { exact: true }).fill('s3cret');
  await expect(form.getByRole('spinbutton', { name: 'Channel', exact: true })).toHaveValue('1');
  await expect(form.getByRole('checkbox', { name: 'High Resolution' })).toBeChecked();
  await form.getByRole('checkbox', { name: 'Low Resolution' }).check();
  await expect(form.getByText('2 cameras will be added.')).toBeVisible();
  await form.getByRole('button', { name: 'Advanced' }).click();
  await form.getByRole('spinbutton', { name: 'How Many Times?' }).fill('2');
  await expect(form.getByText('4 cameras will be added.')).toBeVisible();

  // Four unreachable cameras would only be noise for the rest of the run: answer the upload here.
  await page.route('**/api/v4/cameras/upload', async (route) => {
    const records = route.request().postDataJSON() as { name: string }[];
    await route.fulfill({
      json: { ok: true, cameras: records.map((record, i) => ({ uuid: `00000000-0000-4000-8000-00000000000${i + 1}`, name: record.name })) },
    });
  });
  const request = page.waitForRequest((r) => r.url().endsWith('/api/v4/cameras/upload') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Upload' }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>[];
  const record = { domainUUID: BIRCH_HOUSE, protocol: 'rtsp', host: '192.0.2.10', port: 8554, username: 'admin', password: 's3cret' };
  expect(body).toEqual([
    expect.objectContaining({ ...record, name: 'Lobby NVR (High Resolution)', path: '/Streaming/Channels/101' }),
    expect.objectContaining({ ...record, name: 'Lobby NVR (Low Resolution)', path: '/Streaming/Channels/102' }),
    expect.objectContaining({ ...record, name: 'Lobby NVR (High Resolution)', path: '/Streaming/Channels/201' }),
    expect.objectContaining({ ...record, name: 'Lobby NVR (Low Resolution)', path: '/Streaming/Channels/202' }),
  ]);
  await expect(form.getByRole('status')).toHaveText('Successfully added 4 cameras.');
});

test('a relative without video/add gets no Add Camera page', async ({ page }) => {
  await signIn(page, ACCOUNTS.family);
  await page.goto('/camera/add');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: 'Add Camera', level: 1 })).toHaveCount(0);
});
