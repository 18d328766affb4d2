import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

// The built-in demo provider works at whatever address the browser reaches the server by, with no setting.
const port = Number(process.env.E2E_PORT ?? 18080);

for (const host of ['127.0.0.1', 'localhost']) {
  test.describe(`at http://${host}:${port}`, () => {
    test.use({ baseURL: `http://${host}:${port}` });

    test('signs in through the demo provider, lands on the dashboard and gets live updates', async ({ page }) => {
      await signIn(page, ACCOUNTS.nurse, { from: '/alerts' });
      expect(new URL(page.url()).host).toBe(`${host}:${port}`);
      await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
      // The socket connects from this address too.
      await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    });
  });
}
