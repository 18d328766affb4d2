import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

const deepLinks = [
  { path: '/staff/features', account: ACCOUNTS.staff, heading: 'Feature Flags' },
  { path: '/account/settings/pin', account: ACCOUNTS.staff, heading: 'Set PIN' },
  // The redirect keeps the full target, query included.
  { path: '/alerts?view=history', account: ACCOUNTS.nurse, heading: 'Alerts' },
];

for (const { path, account, heading } of deepLinks) {
  test(`a signed-out deep link to ${path} asks to log in, then returns there`, async ({ page }) => {
    await page.goto(path);

    const expected = new URLSearchParams({ redirect: path, message: 'Please log in.' }).toString();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === `?${expected}`);
    await expect(page.getByText('Please log in.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in with Google', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Log in with Microsoft', exact: true }).click();
    await page.getByRole('button', { name: account, exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname + url.search === path && url.hash === '');
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  });
}

test('the signIn helper follows a deep link the same way', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: '/staff/env', via: 'Microsoft' });
  await expect(page.getByRole('heading', { name: 'Environment', level: 1 })).toBeVisible();
});
