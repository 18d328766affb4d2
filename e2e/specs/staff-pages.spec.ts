import { readFile } from 'node:fs/promises';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

test('/staff/env shows version 3.0.0 and the build settings', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/env' });
  await expect(page.getByRole('heading', { name: 'Environment', level: 1 })).toBeVisible();
  const settings = page.getByRole('table', { name: 'Build settings' });
  await expect(settings.getByRole('rowheader')).toHaveText([
    'Version',
    'Git branch',
    'Git commit',
    'Build time',
    'API host',
    'Socket host',
  ]);
  await expect(settings.getByRole('row', { name: /^Version/ }).getByRole('cell')).toHaveText('3.0.0');
  await expect(settings.getByRole('row', { name: /^Build time/ }).getByRole('cell')).toHaveText(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/,
  );
  const origin = new URL(page.url()).origin;
  await expect(settings.getByRole('row', { name: /^API host/ }).getByRole('cell')).toHaveText(`${origin} (same origin)`);
  const flags = page.getByRole('table', { name: 'Feature flags' });
  await expect(flags.getByRole('row', { name: /^cameras_page/ }).getByRole('cell')).toHaveText(/^off\s*\(default\)$/);
  await expect(flags.getByRole('row', { name: /^viewer/ }).getByRole('cell')).toHaveText(/^on\s*\(default\)$/);
});

test("/staff/storage's 'Export Local Data' downloads this browser's data as JSON, without the token's value", async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/storage' });
  await expect(page.getByRole('heading', { name: 'Diagnostic Export', level: 1 })).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(token).toBeTruthy();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Local Data', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vigil-local-data-\d{4}-\d\d-\d\d\.json$/);
  const text = await readFile(await file.path(), 'utf8');
  const exported = JSON.parse(text) as { version: string; localStorage: Record<string, string> };
  expect(exported.version).toBe('3.0.0');
  expect(Object.keys(exported.localStorage)).toContain('authToken');
  expect(exported.localStorage.email).toBe(ACCOUNTS.staff);
  expect(text).not.toContain(token as string);
});

test("'Logout & Reload Application' asks first, then signs the user out", async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/storage' });
  const reset = page.getByRole('button', { name: 'Logout & Reload Application', exact: true });

  // Cancel keeps the user signed in.
  await reset.click();
  const dialog = page.getByRole('dialog', { name: 'Logout & Reload Application' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Are you sure? You will need to log in again.', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/staff\/storage$/);

  await reset.click();
  await expect(dialog.getByText('Are you sure? You will need to log in again.', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: 'Log in with Google', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await page.goto('/staff/storage');
  await expect(page.getByText('Please log in.', { exact: true })).toBeVisible();
});

test('a network failure in a browser is reported to the server and listed on /staff/errors', async ({ page, consoleErrors }) => {
  // The failed load is the point of this test: Chromium logs it.
  consoleErrors.allow(/^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  const links = '**/api/v1/staff/links?**';
  await page.route(links, (route) => route.abort('internetdisconnected'));
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/v1/client_errors') && r.request().method() === 'POST');
  await signIn(page, ACCOUNTS.staff, { from: '/staff/env' });
  // The staff menu asks for its links, which fail: the app reports it.
  expect((await reported).status()).toBe(200);

  await page.unroute(links);
  await page.goto('/staff/errors');
  await expect(page.getByRole('heading', { name: 'Client Errors', level: 1 })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Client Errors' })
    .getByRole('row')
    .filter({ hasText: 'GET /api/v1/staff/links: could not reach the server' });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText('network');
  await expect(row.first()).toContainText(ACCOUNTS.staff);
  await expect(row.first()).toContainText('/staff/env');
});
