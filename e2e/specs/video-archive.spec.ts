import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';
import {
  CLIP_SECONDS,
  ClipBook,
  FRONT_ENTRANCE,
  VIDEO_TIMEOUT,
  expectBurntInTime,
  expectVideoPlaying,
  finishedClips,
  formatUtc,
  localInputs,
  measuredSpeed,
  mediaFile,
  nextUrl,
  trackUrls,
  urlMoment,
  videoState,
  type ApiClip,
} from '../support/video';
import { playbackStarts, recordPlaybackStarts } from '../support/playback-starts';

// The recorder needs a few clips first (10 s each, on a fresh server), and video is slow on a small machine.
test.describe.configure({ timeout: 180_000 });

const viewPath = (at: number) => `/view/${FRONT_ENTRANCE}/${formatUtc(at)}`;
const clipStart = (clip: ApiClip) => Date.parse(clip.start);
/** The start of the indexed clip just after (or before) the one starting at `start`. */
async function neighbour(book: ClipBook, start: number, side: 'after' | 'before'): Promise<number | undefined> {
  const starts = (await book.learn(start)).map(clipStart).sort((a, b) => a - b);
  return side === 'after' ? starts.find((s) => s > start) : starts.filter((s) => s < start).at(-1);
}

test('a recorded moment plays from that moment; pause, speed, next and previous clip', async ({ page }) => {
  await recordPlaybackStarts(page);
  await signIn(page, ACCOUNTS.staff);
  const clips = await finishedClips(page, FRONT_ENTRANCE, { count: 3, settledMs: 20_000 });
  const target = clips[clips.length - 2]!;
  const requested = clipStart(target) + 4_000;
  const book = await ClipBook.open(page, FRONT_ENTRANCE);
  const video = page.getByLabel('Camera video');
  const clock = book.clock(video, requested);

  await page.goto(viewPath(requested));
  await expect(page.getByRole('textbox', { name: 'Camera', exact: true })).toHaveValue('Front Entrance Outdoor');
  await expect(page.getByRole('switch', { name: 'Live' })).not.toBeChecked();
  // The date and time inputs show the moment in the browser's time zone.
  const local = await localInputs(page, requested);
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(local.date);
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue(local.time);

  await expectVideoPlaying(video);
  // Playback began in the clip holding the moment, 4 s into it.
  const [first] = await playbackStarts(page);
  expect(first, 'the video started playing').toBeDefined();
  // The requested moment lies inside the clip playing, so the URL stayed as it was (read when playback began: on a
  // loaded machine the 10 s clip may have played on into the next one, which rewrites the URL, by the time we look).
  expect(new URL(first!.url).pathname).toBe(viewPath(requested));
  expect(mediaFile(first!.src), `the first clip played is the one holding ${formatUtc(requested)}`).toBe(mediaFile(target.pre_signed_url));
  expect(first!.at, 'playback starts at the requested moment within the clip').toBeGreaterThanOrEqual(3);
  // On a loaded machine the 'playing' event reaches the page a little after playback began; the OCR check below pins the moment.
  expect(first!.at, 'playback starts well before the end of the 10 s clip').toBeLessThanOrEqual(7.5);
  // The picture shows the requested moment, moved on by however long it has played since.
  const opened = await expectBurntInTime(video, clock, 4_000);
  expect(opened.shown, 'the picture is not from before the requested moment').toBeGreaterThanOrEqual(requested - 4_000);

  // Speed: the six rates of spec §9; 2x makes the player run twice as fast, and stays for the next clips.
  const speed = page.getByRole('combobox', { name: 'Speed' });
  await expect(speed.getByRole('option')).toHaveText(['10x', '5x', '2x', '1.5x', '1x', '0.7x']);
  await expect(speed).toHaveValue('1');
  expect((await videoState(video)).playbackRate).toBe(1);
  await speed.selectOption({ label: '2x' });
  await expect.poll(async () => (await videoState(video)).playbackRate, { message: 'video.playbackRate' }).toBe(2);
  await expect
    .poll(async () => Math.round(((await measuredSpeed(video)) ?? 0) * 10) / 10, {
      message: 'media seconds per second at 2x',
      timeout: VIDEO_TIMEOUT,
    })
    .toBeGreaterThanOrEqual(1.6);

  // Pause: the video stops, the button offers Play, and the URL holds where it stopped.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const play = page.getByRole('button', { name: 'Play', exact: true });
  await expect(play).toBeVisible();
  await expect.poll(async () => (await videoState(video)).paused, { message: 'video.paused after Pause' }).toBe(true);
  const stoppedAt = await clock();
  await expect
    .poll(() => Math.abs((urlMoment(page.url()) ?? 0) - stoppedAt), { message: 'the URL holds the paused moment' })
    .toBeLessThanOrEqual(1_500);

  // Next clip (while paused, so nothing moves on by itself): the clip after the one on screen, from its start.
  const before = (await book.playing(video))!;
  await page.getByRole('button', { name: 'Next clip' }).click();
  await expect
    .poll(async () => (await book.playing(video, requested))?.start ?? 0, { message: 'the next clip is loaded', timeout: VIDEO_TIMEOUT })
    .toBeGreaterThan(before.start);
  const next = (await book.playing(video))!;
  // The index's next clip, whatever its length: a clip that began at a reconnection or ended at a cut is shorter than
  // CLIP_SECONDS, so starts need not be exactly one clip length apart.
  expect(next.start, 'Next clip is the one after the clip on screen').toBe(await neighbour(book, before.start, 'after'));
  // …and it follows on from the clip on screen: a clip is cut at the first keyframe after its boundary, so it may run a
  // GOP longer than CLIP_SECONDS; the bound is the clip's own length as the index gives it.
  expect(next.start - before.start, 'Next clip moves on by at most one clip').toBeLessThanOrEqual(before.clip.duration * 1000 + 1_500);
  // The URL follows the clip on screen: its start.
  await expect(page).toHaveURL(viewPath(next.start));
  expect(next.state.currentTime, 'the next clip plays from its start').toBeLessThan(1);
  expect((await videoState(video)).paused, 'stepping does not undo the pause').toBe(true);

  // Play again: it moves, at the chosen speed, and the picture shows the next clip's time.
  await play.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(async () => (await videoState(video)).paused, { message: 'video.paused after Play' }).toBe(false);
  expect((await videoState(video)).playbackRate, 'the speed stays 2x on the next clip').toBe(2);
  await expectVideoPlaying(video);
  const afterNext = await expectBurntInTime(video, clock, 4_000);
  expect(afterNext.shown, 'the picture moved on past the clip that was on screen').toBeGreaterThanOrEqual(
    before.start + (CLIP_SECONDS - 3) * 1000,
  );

  // Previous clip: back to the clip before the one on screen.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await videoState(video)).paused).toBe(true);
  const current = (await book.playing(video))!;
  await page.getByRole('button', { name: 'Previous clip' }).click();
  await expect
    .poll(async () => (await book.playing(video, requested))?.start ?? Infinity, {
      message: 'the previous clip is loaded',
      timeout: VIDEO_TIMEOUT,
    })
    .toBeLessThan(current.start);
  const previous = (await book.playing(video))!;
  expect(previous.start, 'Previous clip is the one before the clip on screen').toBe(await neighbour(book, current.start, 'before'));
  expect(current.start - previous.start, 'Previous clip goes back by at most one clip').toBeLessThanOrEqual(
    previous.clip.duration * 1000 + 1_500,
  );
  await expect(page).toHaveURL(viewPath(previous.start));
  await play.click();
  await expectVideoPlaying(video);
  await expectBurntInTime(video, clock, 4_000);
});

test('clicking the timeline plays the moment clicked', async ({ page }) => {
  const urls = trackUrls(page);
  await signIn(page, ACCOUNTS.staff);
  // Recordings for a minute before the moment opened, so every click below lands on a recording.
  const clips = await finishedClips(page, FRONT_ENTRANCE, { count: 6, settledMs: 15_000 });
  const target = clips[clips.length - 1]!;
  const requested = clipStart(target) + 4_000;
  const book = await ClipBook.open(page, FRONT_ENTRANCE);
  const video = page.getByLabel('Camera video');
  await page.goto(viewPath(requested));
  await expectVideoPlaying(video);

  const timeline = page.getByRole('slider', { name: 'Timeline' });
  await expect(timeline).toBeVisible();
  const cursor = async () => Number(await timeline.getAttribute('aria-valuenow')) * 1000;
  await expect
    .poll(async () => (await cursor()) - requested, { message: 'the cursor is at the moment playing' })
    .toBeGreaterThanOrEqual(-1_000);
  // Paused, nothing moves the URL or the view but the clicks (playback writes each new clip into the URL).
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await videoState(video)).paused).toBe(true);
  // Zoom in as far as it goes (a minute across, spec §9), around the cursor.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  for (let i = 0; i < 16; i += 1) await zoomIn.click();

  const box = (await timeline.boundingBox())!;
  /** The clip on screen holds `moment`. */
  const showing = async (moment: number) => {
    const playing = await book.playing(video, moment);
    return playing ? playing.start <= moment + 1_000 && moment < playing.start + playing.clip.duration * 1000 : false;
  };
  /** Clicks the timeline at a fraction of its width; returns the moment the viewer was sent to, once its clip is on screen. */
  const clickAt = async (fraction: number): Promise<number> => {
    const seen = urls.length;
    await timeline.click({ position: { x: Math.round(box.width * fraction), y: Math.round(box.height / 2) } });
    // The first URL after the click is the request (later ones are the viewer's own updates as playback moves on).
    const url = await nextUrl(urls, seen);
    const moment = urlMoment(url);
    expect(moment, `a click on the timeline opens a moment (${url})`).not.toBeNull();
    await expect
      .poll(() => showing(moment!), { message: `the clip holding ${formatUtc(moment!)} is on screen`, timeout: VIDEO_TIMEOUT })
      .toBe(true);
    // Settled: the URL names the moment.
    const clip = (await book.playing(video, moment!))!;
    await expect(page).toHaveURL((now) => urlMoment(now) === moment || urlMoment(now) === clip.start);
    return moment!;
  };
  const before = await cursor();
  const middle = await clickAt(0.5);
  expect(Math.abs(middle - before), 'the middle of a one-minute view is less than a minute from the cursor').toBeLessThan(60_000);
  expect(middle, 'the cursor was right of the middle (it sits near the right end after zooming)').toBeLessThan(before);
  const quarter = await clickAt(0.25);
  // A quarter of the one-minute view to the left: 15 s earlier.
  expect(
    Math.abs(middle - quarter - 15_000),
    `a quarter of the view to the left is 15 s earlier (${formatUtc(middle)}, ${formatUtc(quarter)}; URLs: ${urls.slice(-8).join(' ')})`,
  ).toBeLessThanOrEqual(1_500);
  await expect.poll(async () => (await cursor()) - quarter, { message: 'the cursor follows the click' }).toBeGreaterThanOrEqual(-1_000);

  // Play plays the clip holding the clicked moment, and the picture shows it.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expectVideoPlaying(video);
  await expectBurntInTime(video, book.clock(video, quarter), 4_000);
});

/** Staff watching the newest finished clip, with a moment 5 s into the oldest of three as the one to choose next. */
async function openNewestClipAimingAtOldest(page: Page) {
  const urls = trackUrls(page);
  await signIn(page, ACCOUNTS.staff);
  const clips = await finishedClips(page, FRONT_ENTRANCE, { count: 3, settledMs: 15_000 });
  const opened = clipStart(clips[clips.length - 1]!) + 2_000;
  // A camera's first clip runs from its first key frame to the next boundary: it may be shorter than 5 s.
  const wanted = clipStart(clips[0]!) + Math.min(5_000, (clips[0]!.duration * 1000) / 2);
  const book = await ClipBook.open(page, FRONT_ENTRANCE);
  const video = page.getByLabel('Camera video');
  await page.goto(viewPath(opened));
  await expectVideoPlaying(video);
  return { urls, clips, wanted, book, video };
}

test('typing a date and time opens that moment after a short pause', async ({ page }) => {
  const { urls, clips, wanted, book, video } = await openNewestClipAimingAtOldest(page);

  const local = await localInputs(page, wanted);
  const seen = urls.length;
  const dateInput = page.getByLabel('Date', { exact: true });
  if ((await dateInput.inputValue()) !== local.date) await dateInput.fill(local.date);
  await page.getByLabel('Time', { exact: true }).fill(local.time);
  // The typed moment becomes the request (the viewer keeps it until playback reaches the next clip).
  const wantedUrl = new URL(viewPath(wanted), page.url()).href;
  await expect
    .poll(() => urls.slice(seen).includes(wantedUrl), { message: `the viewer goes to ${wantedUrl}`, timeout: VIDEO_TIMEOUT })
    .toBe(true);
  await expect
    .poll(async () => (await book.playing(video, wanted))?.clip.start, {
      message: 'the clip holding the typed moment plays',
      timeout: VIDEO_TIMEOUT,
    })
    .toBe(clips[0]!.start);
  await expectVideoPlaying(video);
  await expectBurntInTime(video, book.clock(video, wanted), 4_000);
});

// A chosen moment stays in the URL (and the Date/Time inputs) while its clip plays, until playback reaches the next clip.
test('the URL and the inputs keep a chosen moment while its clip plays', async ({ page }) => {
  const { urls, clips, wanted, book, video } = await openNewestClipAimingAtOldest(page);
  // Paused, playback cannot reach the next clip and rightly move the URL on.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await videoState(video)).paused).toBe(true);

  const local = await localInputs(page, wanted);
  const seen = urls.length;
  await page.getByLabel('Time', { exact: true }).fill(local.time);
  await expect
    .poll(async () => (await book.playing(video, wanted))?.clip.start, {
      message: 'the clip holding the typed moment is on screen',
      timeout: VIDEO_TIMEOUT,
    })
    .toBe(clips[0]!.start);
  await expect(page).toHaveURL(viewPath(wanted));
  await expect(page.getByLabel('Time', { exact: true })).toHaveValue(local.time);
  expect(
    urls.slice(seen).map((url) => new URL(url).pathname),
    'no moment but the chosen one is written while its clip is on screen',
  ).toEqual([viewPath(wanted)]);
});
