import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ACCOUNTS, dashboardCards, expect, signIn, test } from '../support/fixtures';

const NOTICE = 'Copy the key now: it will not be shown again';
const keysTable = (page: Page) => page.getByRole('table', { name: 'Machine keys' });
const keyRow = (page: Page, name: string) => keysTable(page).getByRole('row').filter({ hasText: name });

/** Makes a key on the keys page and returns the secret it showed, once. */
async function makeKey(page: Page, name: string, purpose: string): Promise<string> {
  const form = page.getByRole('form', { name: 'New key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: purpose, exact: true }).check();
  await form.getByRole('button', { name: 'Make key' }).click();
  const notice = page.getByRole('status').filter({ hasText: NOTICE });
  await expect(notice).toBeVisible();
  return (await notice.getByLabel('Key', { exact: true }).innerText()).trim();
}

test('a facility manager makes an access-control key, sees its purpose, revokes it, and finds both in the audit trail', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Lobby badge reader ${Date.now().toString(36)}`;
  await signIn(page, ACCOUNTS.manager);
  await dashboardCards(page).getByRole('link', { name: 'Machine Keys', exact: true }).click();
  await expect(page).toHaveURL(/\/keys$/);
  await expect(page.getByRole('heading', { name: 'Machine Keys', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Keys of Birch House', level: 2 })).toBeVisible();

  const secret = await makeKey(page, name, 'Access control');
  expect(secret).toMatch(/^vgd_\S{20,}$/);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  // The secret is nowhere the browser keeps things.
  const kept = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }, location.href]));
  expect(kept).not.toContain(secret);

  const row = keyRow(page, name);
  await expect(row).toContainText('Access control');
  await expect(row).toContainText(ACCOUNTS.manager);
  await expect(row).toContainText(secret.slice(0, 8));
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  if (process.env.E2E_SHOTS) {
    mkdirSync(process.env.E2E_SHOTS, { recursive: true });
    await page.screenshot({ path: join(process.env.E2E_SHOTS, 'keys-made-1280.png'), fullPage: true });
  }
  await page.getByRole('button', { name: 'Done: I have copied it' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await expect(dialog).toContainText('is refused at Birch House from now on');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  if (process.env.E2E_SHOTS) {
    await page.screenshot({ path: join(process.env.E2E_SHOTS, 'keys-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('list', { name: 'Machine keys' })).toBeVisible();
    await page.screenshot({ path: join(process.env.E2E_SHOTS, 'keys-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Both are in the building's audit trail, by the manager, naming the key.
  await page.goto('/staff/audit');
  const entries = page.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: name });
  await expect(entries.filter({ hasText: 'Made a machine key' })).toContainText(ACCOUNTS.manager);
  await expect(entries.filter({ hasText: 'Revoked a machine key' })).toContainText(ACCOUNTS.manager);
  await expect(entries).toHaveCount(2);
});

test('a caregiver has no keys page', async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  await expect(dashboardCards(page).getByRole('link', { name: 'Machine Keys', exact: true })).toHaveCount(0);
  await page.goto('/keys');
  await expect(page.getByText('is not available to you in this building. It needs alerting/edit.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Machine Keys', level: 1 })).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the keys page fits the screen: a card per key, the key shown whole', async ({ page }) => {
    const name = `Garden detector ${Date.now().toString(36)}`;
    await signIn(page, ACCOUNTS.manager, { from: '/keys' });
    const secret = await makeKey(page, name, 'Detector');
    await expect(page.getByLabel('Key', { exact: true })).toHaveText(secret);
    const card = page.getByRole('list', { name: 'Machine keys' }).getByRole('listitem', { name, exact: true });
    await expect(card).toContainText('Detector');
    await expect(card).toContainText(`Made by: ${ACCOUNTS.manager}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (process.env.E2E_SHOTS) {
      mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      await page.screenshot({ path: join(process.env.E2E_SHOTS, 'keys-made-390.png'), fullPage: true });
    }
    // Leave nothing working behind.
    await page.getByRole('button', { name: 'Done: I have copied it' }).click();
    await card.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(card).toContainText('Revoked');
  });
});
