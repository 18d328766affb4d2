import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

test('without the alerting service, /alerts goes to the dashboard with the redirect query', async ({ page }) => {
  await signIn(page, ACCOUNTS.family);
  await page.goto('/alerts');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.search === '?redirect=%2Falerts');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('/alerts', { exact: true })).toBeVisible();
  await expect(page.getByText('is not available to you in this building.')).toBeVisible();
});

test('a user who is not staff cannot open /staff/env, even with every facility entitlement', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto('/staff/env');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.search === '?redirect=%2Fstaff%2Fenv');
  await expect(page.getByText('is not available to you in this building.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Environment' })).toHaveCount(0);
});

test('the PIN page is staff-only, although the manager holds set_dismiss_pin', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  await page.goto('/account/settings/pin');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.searchParams.get('redirect') === '/account/settings/pin');
  await expect(page.getByRole('heading', { name: 'Set PIN' })).toHaveCount(0);
});

test('the same routes open for staff', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/alerts' });
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await page.goto('/staff/env');
  await expect(page).toHaveURL(/\/staff\/env$/);
  await expect(page.getByRole('heading', { name: 'Environment', level: 1 })).toBeVisible();
});
