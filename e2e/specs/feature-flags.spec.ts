import { ACCOUNTS, expect, mainNav, signIn, test } from '../support/fixtures';

test('a local flag override applies at once, survives a reload, and can be taken back', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/features' });
  await expect(page.getByRole('heading', { name: 'Feature Flags', level: 1 })).toBeVisible();

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Flag', 'server', 'local', 'applied']);
  const row = page.getByTestId('flag-row-cameras_page');
  const cells = row.getByRole('cell');
  const toggle = row.getByRole('button', { name: 'Toggle cameras_page', exact: true });
  const applied = page.getByTestId('flag-applied-cameras_page');
  const camerasLink = mainNav(page).getByRole('link', { name: 'Cameras', exact: true });

  // Default: off, no server value, no local override, and no Cameras link.
  await expect(cells.nth(0)).toContainText('cameras_page');
  await expect(cells.nth(1)).toHaveText('unset');
  await expect(cells.nth(2)).toHaveText('unset');
  await expect(applied).toHaveText('off(default)');
  await expect(mainNav(page).getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
  await expect(camerasLink).toHaveCount(0);

  await toggle.click();
  await expect(applied).toHaveText('on(local)');
  await expect(cells.nth(2)).toContainText('on');
  await expect(page.getByText('1 flag is overridden in this browser.')).toBeVisible();
  // The navigation follows without a reload.
  await expect(camerasLink).toBeVisible();

  await page.reload();
  await expect(applied).toHaveText('on(local)');
  await expect(camerasLink).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('featureFlags') ?? '{}') as unknown)).toEqual({
    cameras_page: true,
  });
  await camerasLink.click();
  await expect(page).toHaveURL(/\/camera\/all$/);
  await expect(page.getByRole('heading', { name: 'Cameras', level: 1 })).toBeVisible();
  await page.goBack();

  // Clicking the local cell again flips the applied value back, and the link goes.
  await toggle.click();
  await expect(applied).toHaveText('off(local)');
  await expect(camerasLink).toHaveCount(0);

  // Clear removes the override altogether: back to the default.
  await row.getByRole('button', { name: 'Clear local cameras_page', exact: true }).click();
  await expect(cells.nth(2)).toHaveText('unset');
  await expect(applied).toHaveText('off(default)');
  await expect(page.getByText(/overridden in this browser/)).toHaveCount(0);
  await page.reload();
  await expect(applied).toHaveText('off(default)');
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('featureFlags') ?? '{}') as unknown)).toEqual({});
});

test('a flag switched off locally hides its route from navigation, cards and the guard', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/features' });
  const applied = page.getByTestId('flag-applied-alerts_tab');
  await expect(applied).toHaveText('on(default)');
  await page.getByRole('button', { name: 'Toggle alerts_tab', exact: true }).click();
  await expect(applied).toHaveText('off(local)');
  await expect(mainNav(page).getByRole('link', { name: 'Alerts', exact: true })).toHaveCount(0);

  await page.goto('/alerts');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.searchParams.get('redirect') === '/alerts');
  await expect(page.getByRole('region', { name: 'Your areas' }).getByRole('link', { name: 'Video', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your areas' }).getByRole('link', { name: 'Alerts', exact: true })).toHaveCount(0);
});
