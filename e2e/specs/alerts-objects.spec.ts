import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest, nowIso, type IngestBatch } from '../support/ingest';

const BATCH = 130;

test('the objects feed at Birch House shows new alerts live and loads older pages as it is scrolled', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // Frames are cut from recordings: the simulated history has none, and new events' clips are still being written.
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\/(event|face|poster)\/[0-9a-f-]{36}\.jpg\)$/,
  );
  await signIn(page, ACCOUNTS.manager, { from: '/alerts' });
  const picker = page.getByRole('textbox', { name: 'at', exact: true });

  // Maple Court shows elopement alerts; Birch House the objects feed (their alerts_source preferences).
  await picker.click();
  await page.getByRole('option', { name: 'Maple Court' }).click();
  await expect(page.getByRole('list', { name: 'Elopement alerts' })).toBeVisible();
  await picker.click();
  await page.getByRole('option', { name: 'Birch House' }).click();
  await expect(picker).toHaveValue('Birch House');
  const feed = page.getByRole('list', { name: 'Alerted events' });
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();

  const key = await createDetectorKey(page, DEMO.birch);
  const tag = Date.now().toString(36);
  const events: NonNullable<IngestBatch['events']> = Array.from({ length: BATCH }, (_, i) => ({
    camera_uuid: DEMO.birchExit,
    started_at: nowIso(-(i + 1) * 1000),
    objects: [{ name: i % 2 ? 'ssd_person' : 'person', confidence: 0.9 }],
    description: `E2E ${tag} event ${String(i + 1).padStart(3, '0')}`,
  }));
  const reply = (await ingest(page.request, key, { events })) as { alerts: number };
  expect(reply.alerts, 'every event raised an alert (Birch House has no rule that holds them back)').toBe(BATCH);

  // The newest arrives at the top without a reload.
  const newest = feed.getByRole('listitem').first();
  await expect(newest).toContainText(`E2E ${tag} event 001`);
  await expect(newest).toContainText('Garden Gate Outdoor');
  await expect(newest).toContainText('person');
  await expect(newest).not.toContainText('ssd_');
  await expect(newest.getByRole('link', { name: 'View Clip' })).toHaveAttribute(
    'href',
    new RegExp(`^/view/${DEMO.birchExit}/\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
  );
  const box = await newest.boundingBox();
  expect(box?.height, 'rows are 65 px high').toBe(65);

  // The oldest of the batch is at least the 130th alert, so only the second page of 100 holds it.
  const secondPage = page.waitForRequest((r) => r.url().includes('/api/events/v1/alerts?') && r.url().includes('pagination_token='));
  const oldest = feed.getByText(`E2E ${tag} event ${BATCH}`);
  await feed.hover();
  await expect(async () => {
    await page.mouse.wheel(0, 2_000);
    await expect(oldest).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await secondPage;
});
