import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

const CSV_HEADER = ['time', 'user', 'building', 'action', 'camera', 'subject', 'detail', 'address'];

const entries = (page: Page) => page.getByRole('table', { name: 'Audit entries' });
/** The Action column (third) of every entry shown. */
const actionCells = (page: Page) => entries(page).locator('tbody tr td:nth-child(3)');

test('a facility manager reads their building’s trail, filters it by action and downloads it as CSV', async ({ page }) => {
  // Reached from the People page, where the building's administrators manage access.
  await signIn(page, ACCOUNTS.manager, { from: '/account/people' });
  await page.getByRole('link', { name: 'Audit Trail', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Filters' });
  await expect(form).toContainText('Building: Birch House');

  // The manager's own sign-in, a moment ago, is there.
  const ownSignIn = entries(page).getByRole('row').filter({ hasText: ACCOUNTS.manager }).filter({ hasText: 'Signed in' });
  await expect(ownSignIn.first()).toBeVisible();

  // Filter by action: only sign-ins are asked for, and only sign-ins show.
  await form.getByRole('textbox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Signed in', exact: true }).click();
  const filtered = page.waitForResponse((r) => r.url().includes('/api/v1/audit?') && r.url().includes('action=signed_in'));
  await form.getByRole('button', { name: 'Apply filters' }).click();
  expect((await filtered).ok()).toBe(true);
  await expect(ownSignIn.first()).toBeVisible();
  const actions = await actionCells(page).allInnerTexts();
  expect(actions.length).toBeGreaterThan(0);
  expect(new Set(actions)).toEqual(new Set(['Signed in']));

  // The CSV holds the same filter's entries, with its header, and parses.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vigil-audit-birch-house-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile(await download.path(), 'utf8')) as string[][];
  expect(rows[0]).toEqual(CSV_HEADER);
  const body = rows.slice(1);
  expect(body.length).toBeGreaterThan(0);
  for (const row of body) expect(row).toHaveLength(CSV_HEADER.length);
  expect(new Set(body.map((row) => row[3]))).toEqual(new Set(['Signed in']));
  expect(body.some((row) => row[1] === ACCOUNTS.manager)).toBe(true);
  for (const row of body) expect(Number.isNaN(Date.parse(row[0]!))).toBe(false);

  // A filter nothing matches says so.
  await form.getByRole('textbox', { name: 'Person acting' }).fill(`nobody.${Date.now().toString(36)}@example.com`);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No entries match these filters. Widen the time range or clear a filter.')).toBeVisible();
  await form.getByRole('button', { name: 'Clear filters' }).click();
  await expect(ownSignIn.first()).toBeVisible();
});

test('a caregiver cannot open the audit trail, and is told which operation it needs', async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  await page.goto('/staff/audit');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && url.searchParams.get('redirect') === '/staff/audit');
  await expect(page.getByText('is not available to you in this building. It needs account/view_audit.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the audit page fits the screen: a card per entry, the filters folded away', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager, { from: '/staff/audit' });
    const cards = page.getByRole('list', { name: 'Audit entries' });
    await expect(cards.getByRole('listitem', { name: 'Signed in' }).filter({ hasText: ACCOUNTS.manager }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Person acting' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Person acting' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
