import { ACCOUNTS, dashboardCards, expect, mainNav, signIn, test } from '../support/fixtures';

test('a user with two buildings switches between them with the picker labelled "at"', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const picker = page.getByRole('textbox', { name: 'at', exact: true });
  await expect(picker).toBeVisible();
  // Domains come sorted by name and the first is current until the user picks one.
  await expect(picker).toHaveValue('Birch House');
  await expect(page.getByText(`Signed in as ${ACCOUNTS.manager} · Birch House`)).toBeVisible();

  await picker.click();
  await expect(page.getByRole('option', { name: 'Birch House' })).toBeVisible();
  await page.getByRole('option', { name: 'Maple Court' }).click();
  await expect(picker).toHaveValue('Maple Court');
  await expect(page.getByText(`Signed in as ${ACCOUNTS.manager} · Maple Court`)).toBeVisible();
  await expect(dashboardCards(page).getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();

  // The choice is remembered across a reload and shows in the top bar of other pages.
  await page.reload();
  await expect(picker).toHaveValue('Maple Court');
  await dashboardCards(page).getByRole('link', { name: 'Faces', exact: true }).click();
  await expect(page).toHaveURL(/\/faces$/);
  // The page is there (its layout loads after the URL changes; until then the picker on screen is the dashboard's).
  await expect(page.getByRole('heading', { name: 'Faces', level: 1 })).toBeVisible();
  await expect(picker).toHaveValue('Maple Court');

  // The picker is searchable: typing narrows the list.
  await picker.click();
  await picker.fill('Bir');
  await expect(page.getByRole('option', { name: 'Birch House' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Maple Court' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Birch House' }).click();
  await expect(picker).toHaveValue('Birch House');
  await expect(mainNav(page).getByRole('link', { name: 'Faces', exact: true })).toBeVisible();
});

test('a user with one building sees it as plain text, not a picker', async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  const at = page.getByRole('group', { name: 'at', exact: true });
  await expect(at).toBeVisible();
  await expect(at).toHaveText(/^at\s*Maple Court$/);
  await expect(page.getByRole('textbox', { name: 'at', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
});

test("a user with no building yet sees 'Loading...' beside 'at' (part 1 §2)", async ({ page }) => {
  await signIn(page, ACCOUNTS.newcomer);
  const at = page.getByRole('group', { name: 'at', exact: true });
  await expect(at).toHaveText(/^at\s*Loading\.\.\.$/);
});
