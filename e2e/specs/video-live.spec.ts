import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import {
  ClipBook,
  FRONT_ENTRANCE,
  VIDEO_TIMEOUT,
  apiClient,
  expectBurntInTime,
  expectVideoPlaying,
  urlMoment,
  videoState,
} from '../support/video';

// Real cameras, ffmpeg and hls.js on a small machine: video takes its time.
test.describe.configure({ timeout: 120_000 });

const livePath = `/view/${FRONT_ENTRANCE}/live`;

test('staff watch a camera live: the picture moves, shows the time now, and the URL stays live', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: livePath });
  const video = page.getByLabel('Camera video');
  const liveSwitch = page.getByRole('switch', { name: 'Live' });

  await expect(page.getByRole('textbox', { name: 'Camera', exact: true })).toHaveValue('Front Entrance Outdoor');
  await expect(liveSwitch).toBeChecked();
  // Live has no moment to pick and no clips to step through.
  await expect(page.getByLabel('Date', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Time', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous clip' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Next clip' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Speed' })).toBeDisabled();

  await expectVideoPlaying(video);
  // It plays the low-latency stream (fragmented MP4 over WebSocket into MSE), not the HLS fallback.
  await expect(video).toHaveAttribute('data-transport', 'mse');
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
  // It started by itself, muted (spec §4).
  expect(await videoState(video)).toMatchObject({ paused: false, muted: true });

  // The picture is the camera's now: its burnt-in clock is within 15 s of this machine's clock.
  const reading = await expectBurntInTime(video, () => Date.now(), 15_000);
  expect(reading.shown, 'live is not a recording from long ago').toBeGreaterThan(reading.from - 15_000);

  // It keeps going: more frames, and the URL never left /live (no fallback to recorded video).
  await expectVideoPlaying(video);
  await expect(page).toHaveURL(livePath);
  await expect(liveSwitch).toBeChecked();
});

test('when the low-latency stream fails, live video falls back to HLS by itself', async ({ page }) => {
  // The stream's WebSocket is cut as soon as it opens: the player must notice and play the HLS playlist instead.
  const cut: string[] = [];
  await page.routeWebSocket(/\/media\/live\/[^/]+\/[0-9a-f-]{36}\/stream$/, (socket) => {
    cut.push(socket.url());
    void socket.close({ code: 1011, reason: 'cut by the test' });
  });
  const hlsRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/media\/live\/[^/]+\/[0-9a-f-]{36}\/index\.m3u8$/.test(request.url())) hlsRequests.push(request.url());
  });
  await signIn(page, ACCOUNTS.staff, { from: livePath });
  const video = page.getByLabel('Camera video');
  await expect(video).toHaveAttribute('data-transport', 'hls', { timeout: VIDEO_TIMEOUT });
  await expectVideoPlaying(video);
  expect(cut.length, 'the low-latency stream was tried first').toBeGreaterThanOrEqual(1);
  expect(hlsRequests.length, 'then the HLS playlist was loaded').toBeGreaterThanOrEqual(1);
  // Still live and current, not the recorded-video fallback.
  await expect(page).toHaveURL(livePath);
  await expect(page.getByRole('switch', { name: 'Live' })).toBeChecked();
  await expectBurntInTime(video, () => Date.now(), 15_000);
});

test('the Live switch goes to recorded video one minute ago and back to live', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff, { from: livePath });
  const video = page.getByLabel('Camera video');
  const liveSwitch = page.getByRole('switch', { name: 'Live' });
  await expectVideoPlaying(video);

  const switchedAt = Date.now();
  await liveSwitch.click();
  await expect(liveSwitch).not.toBeChecked();
  await expect(page).toHaveURL((url) => urlMoment(url) !== null);
  const moment = urlMoment(page.url())!;
  // The spec's default moment: one minute ago (a little slack for a slow click).
  expect(Math.abs(moment - (switchedAt - 60_000)), `the archive opens about one minute ago (${page.url()})`).toBeLessThanOrEqual(10_000);
  await expect(page.getByLabel('Date', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Time', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Speed' })).toBeEnabled();

  await liveSwitch.click();
  await expect(liveSwitch).toBeChecked();
  await expect(page).toHaveURL(livePath);
  await expect(page.getByLabel('Date', { exact: true })).toHaveCount(0);
  await expectVideoPlaying(video);
  await expectBurntInTime(video, () => Date.now(), 15_000);
});

test('a relative without live access gets no Live switch and recorded video instead', async ({ page }) => {
  const liveRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/hlsvideo')) liveRequests.push(`${request.method()} ${request.url()}`);
  });
  await signIn(page, ACCOUNTS.family);
  // Something to play one minute ago: wait for the recorder's first clips (the server may have just started).
  const api = await apiClient(page);
  await expect
    .poll(async () => (await api.clips(FRONT_ENTRANCE, Date.now())).length, { message: 'the camera has recorded a clip', timeout: 60_000 })
    .toBeGreaterThan(0);

  const openedAt = Date.now();
  await page.goto(livePath);
  const video = page.getByLabel('Camera video');
  await expect(page.getByRole('textbox', { name: 'Camera', exact: true })).toHaveValue('Front Entrance Outdoor');
  // 'live' is not theirs to read: the viewer writes the recorded moment it shows instead.
  await expect(page).toHaveURL((url) => urlMoment(url) !== null, { timeout: VIDEO_TIMEOUT });
  const moment = urlMoment(page.url())!;
  expect(moment, `the moment is in the past (${page.url()})`).toBeLessThan(openedAt);
  await expect(page.getByRole('switch', { name: 'Live' })).toHaveCount(0);
  await expect(page.getByLabel('Date', { exact: true })).toBeVisible();

  await expectVideoPlaying(video);
  // Recorded, not live: a clip file, and the picture shows a time from before the page opened.
  expect((await videoState(video)).src, 'the player plays a recorded clip, not a live stream').toMatch(/^http.*\/media\/.+\.mp4(#.*)?$/);
  const book = await ClipBook.open(page, FRONT_ENTRANCE);
  const reading = await expectBurntInTime(video, book.clock(video, moment), 3_000);
  expect(reading.shown, 'the picture is from before the page opened').toBeLessThan(openedAt);
  await expect(page.getByRole('switch', { name: 'Live' })).toHaveCount(0);
  expect(liveRequests, 'no live stream was requested').toEqual([]);
});
