import { ACCOUNTS, dashboardCards, expect, signIn, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('at phone width the dashboard fits and the navigation is behind the burger menu', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const cards = dashboardCards(page);
  await expect(cards.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log out', exact: true })).toBeVisible();
  // Nothing pushes the page wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await cards.getByRole('link', { name: 'Alerts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Alerts', 'Video', 'Faces', 'Badges', 'People']);
  await expect(page.getByRole('textbox', { name: 'at', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log out', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await nav.getByRole('link', { name: 'Badges', exact: true }).click();
  await expect(page).toHaveURL(/\/credential$/);
  await expect(page.getByRole('heading', { name: 'Badges', level: 1 })).toBeVisible();
  // The menu closes after navigating.
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
