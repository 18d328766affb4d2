import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type APIResponse, type Locator, type Page } from '@playwright/test';
import { readBurntInTime } from './ocr';

export { readBurntInTimeOfFile } from './ocr';

/** Maple Court and its demo cameras (apps/server/src/demo/seed.ts); the demo RTSP server streams each of them. */
export const MAPLE_COURT = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
export const FRONT_ENTRANCE = 'c1a00001-0000-4000-8000-00000000a001';
export const MAPLE_CAMERAS = [
  { uuid: 'c1a00001-0000-4000-8000-00000000a001', description: 'Front Entrance Outdoor' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a002', description: 'Stairwell A Floor 2' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a003', description: 'Hallway Floor 1 East' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a004', description: 'Elevator Car 1' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a005', description: 'Elevator Banks Lobby Floor 1' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a006', description: 'North Wing Lounge' },
  { uuid: 'c1a00001-0000-4000-8000-00000000a007', description: 'Dining Room' },
] as const;

/** The clip length the e2e server records with (serve.mjs sets VIGIL_CLIP_SECONDS). */
export const CLIP_SECONDS = Number(process.env.E2E_CLIP_SECONDS ?? 10);
/** The demo RTSP server of this run (serve.mjs passes it to the server). */
export const RTSP_PORT = process.env.E2E_RTSP_PORT ?? '18554';

/** Video on a loaded machine: ffmpeg, hls.js and Tesseract all share two cores. */
export const VIDEO_TIMEOUT = 30_000;

/** The UTC time as viewer URLs and the API write it: 2026-11-22T05:31:00Z (whole seconds). */
export const formatUtc = (date: Date | number): string => new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The UTC moment of a /view/{camera}/{moment} URL; null for 'live' or anything else. */
export function urlMoment(url: string | URL): number | null {
  const match = /^\/view\/[^/]+\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)$/.exec(new URL(url).pathname);
  return match ? Date.parse(match[1]!) : null;
}

/** Turns feature flags on in this browser the way the Feature Flags page does (localStorage 'featureFlags'), before the app loads. */
export async function enableFlags(page: Page, flags: Record<string, boolean>): Promise<void> {
  await page.addInitScript((values) => {
    const current = JSON.parse(window.localStorage.getItem('featureFlags') ?? '{}') as Record<string, boolean>;
    window.localStorage.setItem('featureFlags', JSON.stringify({ ...current, ...values }));
  }, flags);
}

export interface ApiClip {
  start: string;
  duration: number;
  pre_signed_url: string;
}

export interface ApiCamera {
  uuid: string;
  description: string;
  state: 'recording' | 'connecting' | 'offline' | 'stopped';
  latest_clip_start: string | null;
  thumbnail_url: string | null;
}

/** The signed-in user's API, as the app calls it: 'Authorization: Bearer <localStorage authToken>'. */
export async function apiClient(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(token, 'signed in: localStorage authToken').toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const json = async <T>(response: APIResponse): Promise<T> => {
    expect(response.status(), `${response.url()} answers 200`).toBe(200);
    return (await response.json()) as T;
  };
  return {
    /** GET /api/v4/clips/{cameraId}/{timestamp}: the clips around a moment, ordered by start. */
    clips: async (cameraId: string, at: Date | number): Promise<ApiClip[]> =>
      (await json<{ clips: ApiClip[] }>(await page.request.get(`/api/v4/clips/${cameraId}/${formatUtc(at)}`, { headers }))).clips,
    /** GET /api/v4/cameras?domain_uuid=: a building's cameras with recorder state. */
    cameras: async (domainId: string): Promise<ApiCamera[]> =>
      (await json<{ cameras: ApiCamera[] }>(await page.request.get('/api/v4/cameras', { headers, params: { domain_uuid: domainId } })))
        .cameras,
  };
}

/**
 * Waits until the camera has a few finished clips, the newest of which ended at least `settledMs` ago,
 * and returns the clips that are complete (ended `settledMs` ago), oldest first. Needs `count` of them.
 */
export async function finishedClips(page: Page, cameraId: string, options: { count?: number; settledMs?: number } = {}) {
  const count = options.count ?? 1;
  const settledMs = options.settledMs ?? 20_000;
  const api = await apiClient(page);
  let found: ApiClip[] = [];
  await expect
    .poll(
      async () => {
        const now = Date.now();
        const clips = await api.clips(cameraId, now);
        found = clips.filter((c) => Date.parse(c.start) + c.duration * 1000 <= now - settledMs);
        return found.length;
      },
      {
        message: `camera ${cameraId} has ${count} clip(s) that ended over ${settledMs / 1000} s ago`,
        timeout: 90_000,
        intervals: [1000, 2000],
      },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

export interface VideoState {
  currentTime: number;
  paused: boolean;
  muted: boolean;
  ended: boolean;
  playbackRate: number;
  readyState: number;
  src: string;
}

export function videoState(video: Locator): Promise<VideoState> {
  return video.evaluate((element: HTMLVideoElement) => ({
    currentTime: element.currentTime,
    paused: element.paused,
    muted: element.muted,
    ended: element.ended,
    playbackRate: element.playbackRate,
    readyState: element.readyState,
    src: element.currentSrc,
  }));
}

/** Waits until the <video> shows moving pictures: currentTime past 0 and moving on (or on to the next clip), new frames painted. */
export async function expectVideoPlaying(video: Locator, timeout = VIDEO_TIMEOUT): Promise<void> {
  await expect
    .poll(async () => (await videoState(video)).currentTime, { message: 'the video has started (currentTime > 0)', timeout })
    .toBeGreaterThan(0);
  const before = await videoState(video);
  await expect
    .poll(
      async () => {
        const now = await videoState(video);
        // A recorded clip may end meanwhile: the next one playing counts as moving on too.
        return now.src === before.src ? now.currentTime - before.currentTime : now.currentTime > 0 ? Infinity : 0;
      },
      { message: `the video plays on from ${before.currentTime} s`, timeout },
    )
    .toBeGreaterThan(0.5);
  expect(await framesPainted(video, 3), 'new video frames were painted').toBe(3);
}

/** Counts requestVideoFrameCallback callbacks until `count` frames were painted (or 15 s passed). */
export function framesPainted(video: Locator, count: number): Promise<number> {
  return video.evaluate(
    (element: HTMLVideoElement, wanted) =>
      new Promise<number>((resolve) => {
        let seen = 0;
        const timer = window.setTimeout(() => resolve(seen), 15_000);
        const onFrame = () => {
          seen += 1;
          if (seen >= wanted) {
            window.clearTimeout(timer);
            resolve(seen);
          } else element.requestVideoFrameCallback(onFrame);
        };
        element.requestVideoFrameCallback(onFrame);
      }),
    count,
  );
}

/**
 * How fast the picture runs: media seconds per wall-clock second over the next `frames` painted frames
 * (requestVideoFrameCallback's mediaTime and presentation time). Null when no frames come within 10 s;
 * negative or odd when a clip boundary falls inside the sample, so poll it.
 */
export function measuredSpeed(video: Locator, frames = 8): Promise<number | null> {
  return video.evaluate(
    (element: HTMLVideoElement, wanted) =>
      new Promise<number | null>((resolve) => {
        const samples: { media: number; wall: number }[] = [];
        const timer = window.setTimeout(() => resolve(null), 10_000);
        const onFrame = (wall: number, metadata: VideoFrameCallbackMetadata) => {
          samples.push({ media: metadata.mediaTime, wall });
          if (samples.length < wanted) {
            element.requestVideoFrameCallback(onFrame);
            return;
          }
          window.clearTimeout(timer);
          const first = samples[0]!;
          const last = samples[samples.length - 1]!;
          resolve(last.wall > first.wall ? (last.media - first.media) / ((last.wall - first.wall) / 1000) : null);
        };
        element.requestVideoFrameCallback(onFrame);
      }),
    frames,
  );
}

export interface OcrReading {
  /** The burnt-in wall-clock time read from the picture (epoch ms). */
  shown: number;
  /** The expected time just before and just after the screenshot (epoch ms). */
  from: number;
  to: number;
}

/**
 * Reads the time burnt into the picture until a reading lies within `toleranceMs` of what `expected()` says
 * the frame should show (it is asked just before and just after each screenshot, e.g. `() => Date.now()` for
 * live video), and returns that reading. Fails with the last reading (or 'unreadable') when none does.
 */
export async function expectBurntInTime(
  video: Locator,
  expected: () => Promise<number> | number,
  toleranceMs: number,
  timeout = VIDEO_TIMEOUT,
): Promise<OcrReading> {
  const last: { reading?: OcrReading } = {};
  await expect
    .poll(
      async () => {
        const from = await expected();
        const shown = await readBurntInTime(video);
        const to = await expected();
        if (!Number.isFinite(from) || !Number.isFinite(to)) return 'nothing known is playing';
        if (!shown) return `unreadable (expected about ${formatUtc(from)})`;
        const reading = { shown: shown.getTime(), from, to };
        last.reading = reading;
        if (reading.shown >= Math.min(from, to) - toleranceMs && reading.shown <= Math.max(from, to) + toleranceMs) return 'close';
        return `${formatUtc(shown)} shown, ${formatUtc(from)}..${formatUtc(to)} expected (${(reading.shown - from) / 1000} s off)`;
      },
      { message: `the picture shows a time within ${toleranceMs / 1000} s of the expected one`, timeout, intervals: [250, 500, 1000] },
    )
    .toBe('close');
  return last.reading!;
}

/** A media URL's file, without the signature that changes with every answer: '/media/<expiry.signature>/<file>' → '<file>'. */
export function mediaFile(url: string): string {
  return new URL(url, 'http://media.invalid').pathname.replace(/^\/media\/[^/]+\//, '');
}

/**
 * The recording's index as the test sees it: the camera's clips from the API, known by file (their signed
 * URLs differ per answer), asked again whenever the player shows a clip not seen yet.
 */
export class ClipBook {
  private readonly byFile = new Map<string, ApiClip>();

  private constructor(
    private readonly api: Awaited<ReturnType<typeof apiClient>>,
    private readonly cameraId: string,
  ) {}

  static async open(page: Page, cameraId: string): Promise<ClipBook> {
    return new ClipBook(await apiClient(page), cameraId);
  }

  /** Learns the clips around `at` (10 before and 10 after it). */
  async learn(at: number): Promise<ApiClip[]> {
    const clips = await this.api.clips(this.cameraId, at);
    for (const clip of clips) this.byFile.set(mediaFile(clip.pre_signed_url), clip);
    return clips;
  }

  /** The clip the <video> is loaded with, and where in it the player is; undefined for no known clip. */
  async playing(video: Locator, around?: number): Promise<{ clip: ApiClip; start: number; state: VideoState } | undefined> {
    const state = await videoState(video);
    if (!state.src || state.src.startsWith('blob:')) return undefined;
    const file = mediaFile(state.src);
    if (!this.byFile.has(file) && around !== undefined) await this.learn(around);
    if (!this.byFile.has(file)) await this.learn(Date.now());
    const clip = this.byFile.get(file);
    return clip ? { clip, start: Date.parse(clip.start), state } : undefined;
  }

  /** The wall-clock time of the frame on screen by the index: its clip's start plus currentTime (NaN when unknown). */
  clock(video: Locator, around?: number): () => Promise<number> {
    return async () => {
      const playing = await this.playing(video, around);
      return playing ? playing.start + playing.state.currentTime * 1000 : Number.NaN;
    };
  }
}

/** How the browser's date, time and datetime-local inputs write an instant, in the page's time zone. */
export function localInputs(page: Page, at: number): Promise<{ date: string; time: string; dateTime: string }> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    return { date, time, dateTime: `${date}T${time}` };
  }, at);
}

/** What ffmpeg says about a media file: its Duration line in seconds (null when it has none), and its first bytes. */
export function mediaFileInfo(file: string): { size: number; boxType: string; durationSeconds: number | null; report: string } {
  const bytes = readFileSync(file);
  let report = '';
  try {
    // Without an output file ffmpeg exits non-zero after describing the input: the description is on stderr.
    execFileSync('ffmpeg', ['-hide_banner', '-i', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    report = String((error as { stderr?: string }).stderr ?? '');
  }
  const match = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  return {
    size: bytes.length,
    // An MP4 starts with its 'ftyp' box: 4 bytes of size, then the type.
    boxType: bytes.subarray(4, 8).toString('latin1'),
    durationSeconds: match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null,
    report,
  };
}

/**
 * Every URL the page's main frame goes to from now on, in order, including the viewer's own history
 * replacements (which a poll of page.url() may miss when two follow each other quickly).
 */
export function trackUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** Waits for the next URL the page goes to after the first `seen` ones and returns it. */
export async function nextUrl(urls: readonly string[], seen: number, timeout = VIDEO_TIMEOUT): Promise<string> {
  await expect.poll(() => urls.length, { message: 'the page goes to a new URL', timeout }).toBeGreaterThan(seen);
  return urls[seen]!;
}
