import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test, type ConsoleErrorLog } from '../support/fixtures';
import { DEMO, createDetectorKey, ingest } from '../support/ingest';
import { apiClient, formatUtc } from '../support/video';

// Local days are cut in the browser's time zone; a fixed one keeps the expected headers simple.
test.use({ timezoneId: 'UTC' });
// The recorder needs a clip or two first, and a loaded machine is slow.
test.describe.configure({ timeout: 180_000 });

const MIN = 60_000;
const DAY = 86_400_000;
const BAD_RANGE = 'Error: start time cannot be later than end time.';
const NO_RESULTS = 'No matching results, retry your query and try again';
const NO_ACCESS = "Entitlements Error: Can't access alerts.";
const shots = process.env.E2E_SHOTS;

/** Noon (UTC) of a day 20 to 70 days back: before the 7 days of simulated history, and different on every run. */
function quietNoon(): number {
  const day = new Date(Date.now() - (20 + Math.floor(Math.random() * 50)) * DAY);
  day.setUTCHours(12, Math.floor(Math.random() * 50), 0, 0);
  return day.getTime();
}

/** What an <input type="datetime-local"> holds for an instant, in the page's (UTC) time zone. */
const localInput = (t: number) => new Date(t).toISOString().slice(0, 16);
const dayHeading = (t: number) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(t);

const panel = (page: Page) => page.getByRole('region', { name: 'Events', exact: true });
const list = (page: Page) => page.getByRole('region', { name: 'Events by day' });
const groups = (page: Page) => list(page).getByTestId('event-group');
const dayHeaders = (page: Page) => list(page).getByTestId('event-day-header');

async function filter(page: Page, fields: { start?: number | null; end?: number | null; camera?: string; classes?: string[] }) {
  await panel(page).getByRole('button', { name: 'Filter', exact: true }).click();
  const form = page.getByRole('form', { name: 'Filter events' });
  await expect(form).toBeVisible();
  if (fields.start !== undefined)
    await form.getByLabel('Start', { exact: true }).fill(fields.start === null ? '' : localInput(fields.start));
  if (fields.end !== undefined) await form.getByLabel('End', { exact: true }).fill(fields.end === null ? '' : localInput(fields.end));
  if (fields.camera !== undefined) await form.getByLabel('Camera', { exact: true }).selectOption({ label: fields.camera });
  if (fields.classes !== undefined) {
    for (const name of ['person', 'pet', 'vehicle', 'box'])
      await form.getByRole('checkbox', { name, exact: true }).setChecked(fields.classes.includes(name));
  }
  await form.getByRole('button', { name: 'Apply', exact: true }).click();
  return form;
}

/** The viewer on a recorded moment of the camera, once the recorder has one (the server may have just started). */
async function openRecorded(page: Page, cameraId: string): Promise<void> {
  const api = await apiClient(page);
  let start = 0;
  await expect
    .poll(
      async () => {
        const clips = await api.clips(cameraId, Date.now());
        start = clips.length > 1 ? Date.parse(clips[0]!.start) : 0;
        return start;
      },
      { message: 'the camera has recorded two clips', timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  await page.goto(`/view/${cameraId}/${formatUtc(start + 2_000)}`);
  await expect(page.getByLabel('Camera video')).toBeVisible();
}

const groupWith = (page: Page, text: string): Locator => groups(page).filter({ hasText: text });

/**
 * The server signs a frame link for every event, also when nothing was recorded at that moment (the
 * simulated history and the weeks-old events here): with Metrics on, those frames answer 404 and are left out.
 */
function allowUnrecordedFrames(consoleErrors: ConsoleErrorLog) {
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/frames\/event\/[0-9a-f-]{36}\.jpg\)$/,
  );
}

test('the events timeline groups a building’s events by day, merges detections, filters, and opens a clip', async ({
  page,
  consoleErrors,
}) => {
  // 'View Clip' opens a moment weeks ago, which the e2e server never recorded: that clip lookup answers 404.
  consoleErrors.allow(
    /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(\S+\/api\/v4\/clip\)$/,
  );
  allowUnrecordedFrames(consoleErrors);
  await signIn(page, ACCOUNTS.manager);
  const key = await createDetectorKey(page, DEMO.maple);
  const run = Math.random().toString(36).slice(2, 8);
  const base = quietNoon();
  const at = (offset: number) => formatUtc(base + offset);
  const person = (camera: string, offset: number, n: number) => ({
    camera_uuid: camera,
    started_at: at(offset),
    objects: [{ name: 'ssd_person', confidence: 0.8 + n / 100 }],
    description: `Visitor ${run} ${n}`,
  });
  await ingest(page.request, key, {
    events: [
      // Three detections on one camera two minutes apart: one parent with two merged under it.
      person(DEMO.mapleHallway, -4 * MIN, 1),
      person(DEMO.mapleHallway, -2 * MIN, 2),
      person(DEMO.mapleHallway, 0, 3),
      // Another camera in between is a group of its own.
      { camera_uuid: DEMO.mapleExit, started_at: at(-3 * MIN), objects: [{ name: 'car', confidence: 0.77 }], description: `Car ${run}` },
      // Sixteen minutes earlier on the same camera: too far to merge.
      {
        camera_uuid: DEMO.mapleHallway,
        started_at: at(-20 * MIN),
        objects: [{ name: 'ssd_pet', confidence: 0.91 }],
        description: `Pet ${run}`,
      },
      // Two days earlier: a day of its own.
      person(DEMO.mapleHallway, -2 * DAY, 4),
    ],
  });

  await openRecorded(page, DEMO.mapleHallway);
  await expect(panel(page).getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await filter(page, { start: base - 2 * DAY - 10 * MIN, end: base + 10 * MIN, camera: 'All cameras', classes: [] });

  // Two days, newest first, each under a header that sticks while the list scrolls.
  await expect(dayHeaders(page)).toHaveCount(2);
  await expect(dayHeaders(page).nth(0)).toContainText(dayHeading(base));
  await expect(dayHeaders(page).nth(0)).toContainText('5 events');
  await expect(dayHeaders(page).nth(1)).toContainText(dayHeading(base - 2 * DAY));
  await expect(dayHeaders(page).nth(0)).toHaveCSS('position', 'sticky');
  await expect(groups(page)).toHaveCount(4);

  // The parent is the newest of the three; the other two are behind a toggle.
  const merged = groups(page).nth(0);
  await expect(merged).toContainText(`Visitor ${run} 3`);
  await expect(merged.getByTestId('event-class')).toHaveText('person');
  const toggle = merged.getByRole('button', { name: '+2 merged detections' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const children = merged.getByRole('list', { name: 'Merged detections' }).getByRole('listitem');
  await expect(children).toHaveCount(2);
  await expect(children.nth(0)).toContainText(`Visitor ${run} 2`);
  await expect(children.nth(1)).toContainText(`Visitor ${run} 1`);
  await expect(groupWith(page, `Car ${run}`).getByTestId('event-class')).toHaveText('vehicle');
  await expect(groupWith(page, `Pet ${run}`).getByTestId('event-class')).toHaveText('pet');

  // Metrics: each detection with its confidence, detector prefixes removed.
  await expect(list(page).getByTestId('event-metrics')).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Metrics', exact: true }).click();
  await expect(groupWith(page, `Pet ${run}`).getByTestId('event-metrics')).toContainText('pet 91%');
  await expect(merged.getByTestId('event-metrics').first()).toContainText('person 83%');
  await expect(list(page)).not.toContainText('ssd_');

  // Filter by class, then by camera.
  await filter(page, { classes: ['pet'] });
  await expect(groups(page)).toHaveCount(1);
  await expect(groups(page)).toContainText(`Pet ${run}`);
  await filter(page, { classes: [], camera: 'Front Entrance Outdoor' });
  await expect(groups(page)).toHaveCount(1);
  await expect(groups(page)).toContainText(`Car ${run}`);
  await expect(dayHeaders(page)).toHaveCount(1);

  // A start after the end is refused before anything is asked of the server.
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/events/v1/alerts')) searches.push(new URL(request.url()).searchParams.get('since') ?? '');
  });
  const badStart = base + DAY;
  const form = await filter(page, { start: badStart, end: base, camera: 'All cameras' });
  await expect(form.getByRole('alert')).toHaveText(BAD_RANGE);
  await expect(form.getByLabel('Start', { exact: true })).toHaveValue(localInput(badStart));
  expect(
    searches.filter((since) => since.startsWith(localInput(badStart))),
    'no search with the refused range',
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(groups(page)).toHaveCount(1);

  // A range with nothing in it.
  await filter(page, { start: base - 10 * DAY, end: base - 10 * DAY + 5 * MIN, camera: 'All cameras' });
  await expect(list(page).getByText(NO_RESULTS, { exact: true })).toBeVisible();

  // The filters outlive a reload (localStorage eventFilters).
  await page.reload();
  await expect(list(page).getByText(NO_RESULTS, { exact: true })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('eventFilters') ?? 'null') as unknown);
  expect(stored).toMatchObject({
    start: formatUtc(base - 10 * DAY),
    end: formatUtc(base - 10 * DAY + 5 * MIN),
    camera: 'all',
    classes: [],
  });

  // View Clip opens the viewer at the event's camera and time.
  await filter(page, { start: base - 30 * MIN, end: base + 10 * MIN });
  await expect(groups(page)).toHaveCount(3);
  await groupWith(page, `Car ${run}`)
    .getByRole('link', { name: /^View Clip/ })
    .click();
  await expect(page).toHaveURL(`/view/${DEMO.mapleExit}/${at(-3 * MIN)}`);
  await expect(page.getByRole('textbox', { name: 'Camera', exact: true })).toHaveValue('Front Entrance Outdoor');
  // The list stays as it was.
  await expect(groups(page)).toHaveCount(3);
  if (shots) await page.screenshot({ path: join(shots, 'events-timeline.png') });
});

test('without alerting/view_historic the viewer plays video and the events panel only says so', async ({ page }) => {
  await signIn(page, ACCOUNTS.family);
  await openRecorded(page, DEMO.mapleHallway);
  await expect(page.getByRole('textbox', { name: 'Camera', exact: true })).toHaveValue('Hallway Floor 1 East');
  await expect(panel(page).getByText(NO_ACCESS, { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Filter' })).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Metrics' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /View Clip/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Events by day' })).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // No frames load until Metrics is on, so the list alone logs no 404s even for unrecorded moments.
  test('the events panel sits below the player and its filter fits the screen', async ({ page }) => {
    await signIn(page, ACCOUNTS.manager);
    await openRecorded(page, DEMO.mapleHallway);
    const video = page.getByLabel('Camera video');
    await expect(panel(page).getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
    const videoBox = (await video.boundingBox())!;
    const panelBox = (await panel(page).boundingBox())!;
    expect(panelBox.y, 'the panel is below the video').toBeGreaterThan(videoBox.y + videoBox.height);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
    await panel(page).getByRole('button', { name: 'Filter', exact: true }).click();
    const form = page.getByRole('form', { name: 'Filter events' });
    await expect(form).toBeVisible();
    const formBox = (await form.boundingBox())!;
    expect(formBox.x).toBeGreaterThanOrEqual(0);
    expect(formBox.x + formBox.width).toBeLessThanOrEqual(390);
    if (shots) {
      await page.screenshot({ path: join(shots, 'events-phone-filter.png') });
      await page.keyboard.press('Escape');
      await panel(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, 'events-phone.png') });
    }
  });
});
