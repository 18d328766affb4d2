import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

test("'Log out' ends the session, removes the user's and adal* keys, and the app asks to log in again", async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse);
  await page.evaluate(() => {
    window.localStorage.setItem('adal.idtoken', 'left over by the old Microsoft library');
    window.localStorage.setItem('adal.nonce.idtoken', 'another one');
    window.localStorage.setItem('unrelated-key', 'stays');
  });
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(token).toBeTruthy();

  await page.getByRole('link', { name: 'Log out', exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Log in with Google', exact: true })).toBeVisible();
  const storage = await page.evaluate(() => ({ ...window.localStorage }));
  expect(storage.authToken).toBeUndefined();
  expect(storage.email).toBeUndefined();
  expect(storage.displayName).toBeUndefined();
  expect(Object.keys(storage).filter((key) => key.startsWith('adal'))).toEqual([]);
  expect(storage['unrelated-key']).toBe('stays');

  // The old token no longer works on the server either.
  const reply = await page.request.get('/api/v1/users/me/entitlements', { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(401);

  await page.goto('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === '/dashboard');
  await expect(page.getByText('Please log in.', { exact: true })).toBeVisible();
});

test("'Log out' returns to / keeping the query, without asking to log in", async ({ page }) => {
  await signIn(page, ACCOUNTS.nurse, { from: '/alerts?view=history' });
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?view=history');
  await expect(page.getByRole('button', { name: 'Log in with Google', exact: true })).toBeVisible();
  await expect(page.getByText('Please log in.', { exact: true })).toHaveCount(0);

  // From a page without a query, logout lands on a bare /; signing in again in the same browser works.
  await signIn(page, ACCOUNTS.family);
  await page.getByRole('link', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByText('Please log in.', { exact: true })).toHaveCount(0);
});
