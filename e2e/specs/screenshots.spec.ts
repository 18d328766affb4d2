import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { FRONT_ENTRANCE } from '../support/video';

// Not part of the normal run (see playwright.config.ts): E2E_SHOTS=/tmp/vigil-shots npx playwright test -c e2e/playwright.config.ts screenshots
const dir = process.env.E2E_SHOTS ?? '/tmp/vigil-shots';

test.beforeAll(() => {
  mkdirSync(dir, { recursive: true });
});

test('landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in with Microsoft', exact: true })).toBeVisible();
  await page.screenshot({ path: join(dir, 'landing.png') });
});

test('dashboard (staff)', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff);
  await expect(page.getByRole('link', { name: 'Diagnostic Export', exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading status' })).toHaveCount(0);
  await page.screenshot({ path: join(dir, 'dashboard-staff.png'), fullPage: true });
});

test('feature flags page', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/features' });
  await expect(page.getByTestId('flag-row-dev_endpoint')).toBeVisible();
  await page.screenshot({ path: join(dir, 'flags.png'), fullPage: true });
});

test('PIN page', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/account/settings/pin' });
  await expect(page.getByRole('heading', { name: 'Set PIN' })).toBeVisible();
  await page.getByLabel('New PIN', { exact: true }).fill('12');
  await page.getByLabel('Confirm PIN', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your pin must be at least 4 digits.')).toBeVisible();
  await page.screenshot({ path: join(dir, 'pin.png') });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('dashboard and menu (manager)', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    await expect(page.getByRole('link', { name: 'Alert Settings', exact: true })).toBeVisible();
    await page.screenshot({ path: join(dir, 'phone-dashboard.png') });
    await page.getByRole('link', { name: 'Alerts', exact: true }).click();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.screenshot({ path: join(dir, 'phone-menu.png') });
  });
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`client errors page (${name})`, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    await page.route('**/api/v1/staff/links?**', (route) => route.abort('internetdisconnected'));
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/v1/client_errors') && r.request().method() === 'POST');
    await signIn(page, ACCOUNTS.staff, { from: '/staff/errors' });
    await reported;
    await page.unroute('**/api/v1/staff/links?**');
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('table', { name: 'Client Errors' })).toBeVisible();
    await page.screenshot({ path: join(dir, `client-errors-${name}.png`), fullPage: true });
  });
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`camera settings (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ACCOUNTS.manager, { from: '/camera/all' });
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    await page.screenshot({ path: join(dir, `cameras-${name}.png`), fullPage: true });
    await card.getByRole('button', { name: /^Settings of / }).click();
    await expect(page.getByRole('form', { name: 'Camera settings' })).toBeVisible();
    await page.screenshot({ path: join(dir, `camera-settings-${name}.png`) });
    await page.keyboard.press('Escape');
    await card.getByRole('link').click();
    await expect(page.getByRole('button', { name: 'Camera settings' })).toBeVisible();
    await page.screenshot({ path: join(dir, `viewer-settings-${name}.png`), fullPage: true });
  });
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`analyzers page and camera cards (${name})`, async ({ page }) => {
    await signIn(page, ACCOUNTS.staff, { from: '/staff/analyzers' });
    const picker = page.getByRole('textbox', { name: 'at', exact: true });
    await picker.click();
    await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
    await page.setViewportSize(viewport);
    // The analyzer takes the demo cameras within a heartbeat or two of the server's start.
    const frontEntrance = page.getByTestId(`analysis-${FRONT_ENTRANCE}`);
    await expect(frontEntrance.getByText('Analysed', { exact: true })).toBeVisible({ timeout: 90_000 });
    await page.screenshot({ path: join(dir, `analyzers-${name}.png`), fullPage: true });
    await page.goto('/camera/all');
    await expect(page.getByTestId('camera-analysis').first()).toBeVisible();
    await page.screenshot({ path: join(dir, `cameras-analysis-${name}.png`), fullPage: true });
  });
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`audit trail (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ACCOUNTS.manager, { from: '/staff/audit' });
    await expect(page.getByRole(name === 'phone' ? 'listitem' : 'row', { name: /Signed in/ }).first()).toBeVisible();
    await page.screenshot({ path: join(dir, `audit-${name}.png`), fullPage: true });
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await page.screenshot({ path: join(dir, `audit-${name}-filters.png`), fullPage: true });
    }
  });
}
