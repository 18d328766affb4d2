import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import { FRONT_ENTRANCE, VIDEO_TIMEOUT, expectBurntInTime, expectVideoPlaying, urlMoment } from '../support/video';

// Real cameras, ffmpeg and hls.js on a small machine: video takes its time.
test.describe.configure({ timeout: 120_000 });

const livePath = `/view/${FRONT_ENTRANCE}/live`;
const REFUSED_START = /^console\.error: Failed to load resource: the server responded with a status of 500/;

/** Live video cannot start: the server answers every start of a camera's live stream with 500. */
async function failLiveStarts(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route(/\/api\/v1\/hlsvideo\/$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    refused.push(route.request().url());
    await route.fulfill({ status: 500, json: { ok: false, statusCode: 500, error: 'Something went wrong on the server.' } });
  });
  return refused;
}

test("with the HLS test-stream fallback flag on, a live start that fails plays the server's test stream and says so", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(REFUSED_START);
  await signIn(page, ACCOUNTS.staff, { from: '/staff/features' });
  const applied = page.getByTestId('flag-applied-hls_test_stream_fallback');
  await expect(applied).toHaveText('off(default)');
  await page.getByRole('button', { name: 'Toggle hls_test_stream_fallback', exact: true }).click();
  await expect(applied).toHaveText('on(local)');

  const refused = await failLiveStarts(page);
  const testStreams: string[] = [];
  page.on('request', (request) => {
    if (/\/media\/[^/]+\/test-stream\/index\.m3u8$/.test(request.url())) testStreams.push(request.url());
  });
  await page.goto(livePath);
  const video = page.getByLabel('Camera video');

  // The server answers once its test stream's first segment is encoded (seconds on a loaded machine): the bound of a
  // video start, not of a page.
  await expect(page.getByRole('status').filter({ hasText: 'Live video failed to start: showing a test stream' })).toBeVisible({
    timeout: VIDEO_TIMEOUT,
  });
  await expectVideoPlaying(video);
  await expect(video).toHaveAttribute('data-transport', 'hls');
  expect(refused.length, 'live video was asked for first').toBeGreaterThanOrEqual(1);
  expect(testStreams.length, 'then the test stream was played').toBeGreaterThanOrEqual(1);
  // The picture is the server's test stream with the server's clock (this machine's) burnt in, ticking.
  await expectBurntInTime(video, () => Date.now(), 15_000);
  await expectVideoPlaying(video);
  // Still on live: not the recorded-video fallback.
  await expect(page).toHaveURL(livePath);
  await expect(page.getByRole('switch', { name: 'Live' })).toBeChecked();
});

test('with the flag off, a live start that fails falls back to recorded video, as before', async ({ page, consoleErrors }) => {
  consoleErrors.allow(REFUSED_START);
  await failLiveStarts(page);
  await signIn(page, ACCOUNTS.staff, { from: livePath });
  const video = page.getByLabel('Camera video');

  await expect(page).not.toHaveURL(livePath);
  expect(urlMoment(page.url()), 'a moment of recorded video').not.toBeNull();
  await expect(page.getByRole('switch', { name: 'Live' })).not.toBeChecked();
  await expectVideoPlaying(video);
  await expect(page.getByText(/showing a test stream/)).toHaveCount(0);
});
