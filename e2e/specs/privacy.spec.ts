import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNTS, dashboardCards, expect, signIn, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

const periods = (page: Page) => page.getByRole('list', { name: 'Retention periods' });
const card = (page: Page, label: string) =>
  periods(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

test('a facility manager sees how long each kind of data is kept and how much is held, and sets a building’s own period', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.manager);
  await dashboardCards(page).getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Next sweep|No sweep|A sweep is running/ })).toBeVisible();
  await expect(card(page, 'Unmatched faces')).toContainText('Held:');
  await expect(card(page, 'Video downloads')).toContainText('whole installation');

  const strangers = page.getByRole('textbox', { name: 'Unmatched faces: kept for (days)' });
  await strangers.fill('0');
  await expect(page.getByRole('alert').filter({ hasText: 'Each period is a whole number of days' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save periods' })).toBeDisabled();
  await strangers.fill('5');
  await page.getByRole('button', { name: 'Save periods' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(card(page, 'Unmatched faces')).toContainText('Set for this building');

  if (process.env.E2E_SHOTS) {
    mkdirSync(process.env.E2E_SHOTS, { recursive: true });
    await page.screenshot({ path: join(process.env.E2E_SHOTS, 'privacy-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card(page, 'Unmatched faces')).toBeVisible();
    await page.screenshot({ path: join(process.env.E2E_SHOTS, 'privacy-390.png'), fullPage: true });
  }

  // Back to the default, so other specs see the demo as it was.
  await card(page, 'Unmatched faces')
    .getByRole('button', { name: /Use default/ })
    .click();
  await page.getByRole('button', { name: 'Save periods' }).click();
  await expect(card(page, 'Unmatched faces')).toContainText('Default');
});

test('a caregiver has no privacy page', async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  await expect(dashboardCards(page).getByRole('link', { name: 'Privacy', exact: true })).toHaveCount(0);
});
