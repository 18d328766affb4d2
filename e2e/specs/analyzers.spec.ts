import type { Page } from '@playwright/test';
import { ACCOUNTS, dashboardCards, expect, signIn, test } from '../support/fixtures';
import { FRONT_ENTRANCE, MAPLE_CAMERAS } from '../support/video';

// The e2e server runs Vigil's own analyzer on the demo cameras: it takes them within a heartbeat or two of starting.
test.describe.configure({ timeout: 150_000 });

/** Staff see Birch House first (buildings come sorted by name); the picker labelled 'at' changes it. */
async function chooseBuilding(page: Page, name: string) {
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  if ((await picker.inputValue()) === name) return;
  await picker.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
}

/** What the analyzers table says of one camera, column by column. */
async function analysisRow(page: Page, camera: string) {
  const row = page
    .getByRole('table', { name: 'Camera analysis' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: camera, exact: true }) });
  const [, analyzer = '', status = '', analysed = '', turn = ''] = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
  const fps = Number(/([\d.]+) fps$/.exec(analysed)?.[1] ?? 0);
  return { status, named: analyzer !== '' && analyzer !== '—', moving: fps > 0, turn };
}

test('staff reach /staff/analyzers without the cameras-page flag and see the front entrance analysed; its card on /camera/all says so too', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.staff);
  await dashboardCards(page).getByRole('link', { name: 'Analyzers', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/analyzers$/);
  await expect(page.getByRole('heading', { name: 'Analyzers', level: 1 })).toBeVisible();
  await chooseBuilding(page, 'Maple Court');

  const table = page.getByRole('table', { name: 'Camera analysis' });
  for (const camera of MAPLE_CAMERAS) {
    await expect(table.getByRole('link', { name: camera.description, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('link', { name: 'Front Entrance Outdoor', exact: true })).toHaveAttribute(
    'href',
    `/view/${FRONT_ENTRANCE}/live`,
  );
  // The page polls every 10 s: no reload needed while the analyzer takes the camera and gets going.
  await expect
    .poll(() => analysisRow(page, 'Front Entrance Outdoor'), {
      message: 'the front entrance is analysed, at some frames per second, by a named analyzer, before the others (an exit)',
      timeout: 90_000,
      intervals: [1_000, 2_000],
    })
    .toEqual({ status: 'Analysed', named: true, moving: true, turn: 'First' });

  // The building stays the one chosen; the cameras page (flag off: no link, but the route is open) shows the same.
  await page.goto('/camera/all');
  const card = page.getByRole('region', { name: 'Cameras' }).getByRole('article', { name: 'Front Entrance Outdoor', exact: true });
  await expect(card.getByText(/^Analysed · (< )?\d+(\.\d)? fps$/)).toBeVisible();
  await expect(card.getByText(/^served first · \d+% still/)).toBeVisible();
});

test('/staff/analyzers is for staff: a caregiver, with the video service, goes to the dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  await expect(dashboardCards(page).getByRole('link', { name: 'Video', exact: true })).toBeVisible();
  await expect(dashboardCards(page).getByRole('link', { name: 'Analyzers', exact: true })).toHaveCount(0);
  await page.goto('/staff/analyzers');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.search === '?redirect=%2Fstaff%2Fanalyzers');
  await expect(page.getByText('is not available to you in this building.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analyzers' })).toHaveCount(0);
});
