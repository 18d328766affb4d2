import { ACCOUNTS, dashboardCards, expect, test, type Provider } from '../support/fixtures';

const providers: Provider[] = ['Google', 'Microsoft'];

for (const provider of providers) {
  test(`signs in with 'Log in with ${provider}' through the demo provider and lands on the dashboard`, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    // With no real provider configured, the landing page says so before anyone clicks.
    await expect(page.getByText('Demo sign-in', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Log in with ${provider}`, exact: true }).click();

    // The built-in provider's page is clearly a demo sign-in, standing in for the chosen provider.
    await expect(page).toHaveURL(/\/interaction\/[^/?#]+$/);
    await expect(page).toHaveTitle('Vigil demo sign-in');
    await expect(page.getByRole('heading', { name: 'Vigil demo sign-in', level: 1 })).toBeVisible();
    await expect(page.getByText(`standing in for ${provider} because no`)).toBeVisible();
    for (const email of Object.values(ACCOUNTS)) {
      await expect(page.getByRole('button', { name: email, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: ACCOUNTS.nurse, exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(`Signed in as ${ACCOUNTS.nurse} · Maple Court`)).toBeVisible();
    const cards = dashboardCards(page);
    await expect(cards.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
    await expect(cards.getByRole('link', { name: 'Video', exact: true })).toBeVisible();
    // The id_token does not stay in the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('email'))).toBe(ACCOUNTS.nurse);
  });
}

test('a signed-in visitor on the landing page is sent to the dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with Google', exact: true }).click();
  await page.getByRole('button', { name: ACCOUNTS.family, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${ACCOUNTS.family}`)).toBeVisible();
});
