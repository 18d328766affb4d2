import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import {
  FRONT_ENTRANCE,
  expectVideoPlaying,
  finishedClips,
  formatUtc,
  localInputs,
  mediaFileInfo,
  readBurntInTimeOfFile,
} from '../support/video';

test.describe.configure({ timeout: 180_000 });
// The dialog works in the browser's local time; a zone away from UTC (Maple Court's) shows a mix-up.
test.use({ timezoneId: 'America/New_York' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

test('the long clip dialog refuses the future, a reversed range and more than 2 hours, without asking the server', async ({ page }) => {
  const longClipCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v4/long_clips/')) longClipCalls.push(request.url());
  });
  await signIn(page, ACCOUNTS.staff);
  await page.goto(`/view/${FRONT_ENTRANCE}/${formatUtc(Date.now() - 5 * MINUTE)}`);
  await page.getByRole('button', { name: 'Long clip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download a long clip' });
  await expect(dialog).toBeVisible();
  const start = dialog.getByLabel('Start', { exact: true });
  const end = dialog.getByLabel('End', { exact: true });
  const download = dialog.getByRole('button', { name: 'Download' });
  const problem = dialog.getByRole('alert');

  const attempt = async (from: number, to: number, message: string) => {
    await start.fill((await localInputs(page, from)).dateTime.slice(0, 16));
    await end.fill((await localInputs(page, to)).dateTime.slice(0, 16));
    await download.click();
    await expect(problem).toHaveText(message);
  };
  const now = Date.now();
  // In an order where each message differs from the one before, so each attempt shows its own.
  await attempt(now + HOUR, now + 2 * HOUR, 'Unfortunately we cannot predict the future!');
  await attempt(now - 10 * MINUTE, now - 20 * MINUTE, 'The date and time you selected is logically incorrect.');
  // An end in the future is the future too.
  await attempt(now - 10 * MINUTE, now + 10 * MINUTE, 'Unfortunately we cannot predict the future!');
  await attempt(now - 3 * HOUR, now - 10 * MINUTE, 'Please select a smaller time range');
  // An empty range is no range either.
  await attempt(now - 10 * MINUTE, now - 10 * MINUTE, 'The date and time you selected is logically incorrect.');
  await attempt(now - 2 * HOUR - 11 * MINUTE, now - 10 * MINUTE, 'Please select a smaller time range');
  expect(longClipCalls, 'invalid ranges are refused in the browser').toEqual([]);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a 15 s long clip downloads as one MP4 of that range', async ({ page }, testInfo) => {
  await signIn(page, ACCOUNTS.staff);
  const clips = await finishedClips(page, FRONT_ENTRANCE, { count: 3, settledMs: 15_000 });
  // 15 s across a clip boundary: the end of one clip and the start of the next.
  const from = Date.parse(clips[0]!.start) + 3_000;
  const to = from + 15_000;
  await page.goto(`/view/${FRONT_ENTRANCE}/${formatUtc(from)}`);
  await expectVideoPlaying(page.getByLabel('Camera video'));

  await page.getByRole('button', { name: 'Long clip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download a long clip' });
  await dialog.getByLabel('Start', { exact: true }).fill((await localInputs(page, from)).dateTime);
  await dialog.getByLabel('End', { exact: true }).fill((await localInputs(page, to)).dateTime);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  await expect(dialog.getByText(`Your download of ${download.suggestedFilename()} has started.`)).toBeVisible();
  expect(await download.failure(), 'the download completes').toBeNull();

  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const info = mediaFileInfo(file);
  expect(info.size, 'the file has content').toBeGreaterThan(10_000);
  expect(info.boxType, 'the file starts with an MP4 ftyp box').toBe('ftyp');
  expect(info.durationSeconds, `ffmpeg reads a duration:\n${info.report}`).not.toBeNull();
  expect(Math.abs(info.durationSeconds! - 15), `the clip lasts about 15 s (${info.durationSeconds} s)`).toBeLessThanOrEqual(1.5);

  // It is the chosen range: the picture near its start shows the start time, the one near its end the end time.
  const shownAt = (seconds: number) => {
    for (const offset of [0, 0.4, 0.8, 1.2, 1.6]) {
      const shown = readBurntInTimeOfFile(file, seconds + offset);
      if (shown) return { shown: shown.getTime(), expected: from + (seconds + offset) * 1000 };
    }
    return null;
  };
  for (const seconds of [0.5, 12]) {
    const reading = shownAt(seconds);
    expect(reading, `a time is readable ${seconds} s into the file`).not.toBeNull();
    expect(
      Math.abs(reading!.shown - reading!.expected),
      `${seconds} s in, the picture shows ${formatUtc(reading!.shown)}, expected about ${formatUtc(reading!.expected)}`,
    ).toBeLessThanOrEqual(3_000);
  }
});
