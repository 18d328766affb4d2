import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

// Real recognition end to end: the demo's front entrance camera films the demo residents Grace Hopper and Eileen Collins
// walking past (every E2E_VISIT_SECONDS, in turn); Vigil's analyzer reads the live video, recognises them and raises
// elopement alerts through the ingest API; an open alerts page shows them as they come.
test.describe.configure({ timeout: 240_000 });

test('an elopement alert raised by the analyzer from the demo exit camera appears on an open alerts page without a reload', async ({
  page,
  consoleErrors,
}) => {
  // Other specs' alerts on the same page (ingested without pictures) have their frames cut from a clip still being
  // written: those answer 404 for a few seconds and the page shows a placeholder. The analyzer's own come with theirs.
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\/(event|face|poster)\/[0-9a-f-]{36}\.jpg\)$/,
  );
  await signIn(page, ACCOUNTS.nurse, { from: '/alerts' });
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Elopement alerts' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  const ids = () => list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
  const before = new Set(await ids());

  // A visit every 15 s and at most one alert per person per 2 minutes at the exit: a new one within about a minute.
  const alertName = /^Elopement alert: (Grace Hopper|Eileen Collins) at Front Entrance Outdoor$/;
  let fresh = '';
  await expect
    .poll(
      async () => {
        for (const id of await ids()) {
          if (before.has(id)) continue;
          const name = await page.getByTestId(id).getAttribute('aria-label');
          if (name && alertName.test(name)) fresh = id;
        }
        return fresh;
      },
      { message: 'a new alert of a demo resident recognised at the front entrance', timeout: 200_000, intervals: [1_000] },
    )
    .not.toBe('');
  expect(await page.evaluate(() => 'notReloaded' in window), 'the page was not reloaded').toBe(true);
  const card = page.getByTestId(fresh);
  await expect(card.getByText(/^(just now|\d+ seconds ago|1 minute ago)$/)).toBeVisible();
  // Its pictures are the analyzer's: the face it recognised, and the frame it was found in.
  const poster = card.locator('img').first();
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
