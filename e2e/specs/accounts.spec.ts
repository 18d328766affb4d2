import type { Page } from '@playwright/test';
import { ACCOUNTS, dashboardCards, expect, mainNav, signIn, test } from '../support/fixtures';

/** The manager's People page at Maple Court (they start at Birch House, the first building by name). */
async function openPeopleAtMaple(page: Page) {
  await signIn(page, ACCOUNTS.manager, { from: '/account/people' });
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  await picker.click();
  await page.getByRole('option', { name: 'Maple Court', exact: true }).click();
  await expect(picker).toHaveValue('Maple Court');
  return { people: page.getByRole('list', { name: 'People' }), form: page.getByRole('form', { name: 'Invite someone' }) };
}

test('a facility manager invites someone as caregiver, changes them to relative, then revokes them', async ({ page, consoleErrors }) => {
  const { people, form } = await openPeopleAtMaple(page);
  await expect(people.getByRole('listitem', { name: ACCOUNTS.nurse, exact: true })).toBeVisible();
  const email = `e2e.${Date.now().toString(36)}@example.com`;

  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Role' }).click();
  // Only roles the manager may give are offered: not staff-admin.
  await expect(page.getByRole('option', { name: 'facility-manager', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'staff-admin', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'caregiver', exact: true }).click();
  await form.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(`Invited ${email} as caregiver. They can sign in now with that e-mail.`);
  const row = people.getByRole('listitem', { name: email, exact: true });
  await expect(row.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(['caregiver']);

  // The same invitation again is refused by the server; its message shows and what was typed stays.
  consoleErrors.allow(/^console\.error: Failed to load resource: the server responded with a status of 409 \(Conflict\)/);
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(`${email} already holds caregiver in this building.`);
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);

  await row.getByRole('button', { name: 'Change roles', exact: true }).click();
  await row.getByRole('checkbox', { name: 'caregiver', exact: true }).uncheck();
  await row.getByRole('checkbox', { name: 'relative', exact: true }).check();
  await expect(row.getByRole('checkbox', { name: 'staff-admin', exact: true })).toBeDisabled();
  await row.getByRole('button', { name: 'Save roles', exact: true }).click();
  await expect(row.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(['relative']);
  await expect(row.getByRole('checkbox')).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${email}?` });
  await expect(dialog).toContainText('loses every role at Maple Court (relative)');
  await dialog.getByRole('button', { name: 'Revoke access', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(people.getByRole('listitem', { name: ACCOUNTS.nurse, exact: true })).toBeVisible();
});

test('the manager’s own account cannot be changed or revoked from the page', async ({ page }) => {
  const { people } = await openPeopleAtMaple(page);
  const own = people.getByRole('listitem', { name: ACCOUNTS.manager, exact: true });
  await expect(own.getByText('You', { exact: true })).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);
  // Staff hold a role the manager may not give, so neither may it be taken from them.
  const staff = people.getByRole('listitem', { name: ACCOUNTS.staff, exact: true });
  await expect(staff.getByRole('button', { name: 'Revoke', exact: true })).toBeDisabled();
});

test('a caregiver sees no People link or card', async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  const grid = dashboardCards(page);
  await expect(grid.getByRole('link', { name: 'Video', exact: true })).toBeVisible();
  await expect(grid.getByRole('link', { name: 'People', exact: true })).toHaveCount(0);
  await grid.getByRole('link', { name: 'Video', exact: true }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Video', exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'People', exact: true })).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the People page fits the screen', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager, { from: '/account/people' });
    await expect(page.getByRole('list', { name: 'People' }).getByRole('listitem', { name: ACCOUNTS.manager, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
