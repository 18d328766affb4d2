import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';

const BURNT_IN_TIME = /(\d{4}-\d{2}-\d{2})\s+(\d{2}):(\d{2}):(\d{2})/;

/** Where the picture sits inside the element, as fractions of the element (the player letterboxes: object-fit contain). */
export interface PictureBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const WHOLE: PictureBox = { x: 0, y: 0, w: 1, h: 1 };

/**
 * The ffmpeg filters that prepare a frame for Tesseract, best first: the clock's corner of the picture alone, enlarged
 * and cut to black on white (the bright text stays, the darkened scene behind it goes), read as one line; then the
 * whole frame enlarged, read as sparse text.
 */
function ocrAttempts(box: PictureBox): { filter: string; psm: string }[] {
  const f = (n: number) => n.toFixed(4);
  // The clock is burnt in at the bottom right ('YYYY-MM-DD HH:MM:SS UTC' over the right 55% of the last fifth).
  const crop = `crop=iw*${f(box.w * 0.6)}:ih*${f(box.h * 0.2)}:iw*${f(box.x + box.w * 0.4)}:ih*${f(box.y + box.h * 0.76)}`;
  return [
    { filter: `${crop},scale=iw*3:-1,format=gray,lutyuv=y='if(gt(val,200),0,255)'`, psm: '7' },
    { filter: 'scale=iw*2:-1', psm: '11' },
  ];
}

function readClock(frame: string, dir: string, input: string[], box: PictureBox): Date | null {
  const readings: Date[] = [];
  for (const [index, { filter, psm }] of ocrAttempts(box).entries()) {
    const prepared = join(dir, `prepared-${index}.png`);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...input, '-i', frame, '-frames:v', '1', '-vf', filter, prepared], {
      stdio: 'ignore',
    });
    const text = execFileSync('tesseract', [prepared, '-', '--psm', psm], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const match = BURNT_IN_TIME.exec(text.replace(/[Oo]/g, '0'));
    if (!match) continue;
    const reading = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
    if (plausibleYear(reading)) return reading;
    readings.push(reading);
  }
  return readings[0] ? withCurrentYear(readings[0]) : null;
}

/**
 * Reads the wall-clock time the demo cameras burn into the picture ("2026-11-22 05:33:40 UTC") from what the
 * video element shows, with Tesseract OCR. Null when no time can be read.
 */
export async function readBurntInTime(video: Locator): Promise<Date | null> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-ocr-'));
  try {
    const box = await video.evaluate((element: HTMLVideoElement): PictureBox => {
      const { clientWidth: ew, clientHeight: eh, videoWidth: vw, videoHeight: vh } = element;
      if (!ew || !eh || !vw || !vh) return { x: 0, y: 0, w: 1, h: 1 };
      const scale = Math.min(ew / vw, eh / vh);
      const w = (vw * scale) / ew;
      const h = (vh * scale) / eh;
      return { x: (1 - w) / 2, y: (1 - h) / 2, w, h };
    });
    const file = join(dir, 'frame.png');
    writeFileSync(file, await video.screenshot());
    return readClock(file, dir, [], box);
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads the burnt-in time of the frame `seconds` into a video file (ffmpeg takes the frame, as for the live picture). */
export function readBurntInTimeOfFile(file: string, seconds: number): Date | null {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-frame-'));
  try {
    return readClock(file, dir, ['-ss', String(seconds)], WHOLE);
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Tesseract now and then reads the year's 2 as 0 ("2006"): a reading more than a year off is not the camera's clock. */
export const plausibleYear = (reading: Date): boolean => Math.abs(reading.getUTCFullYear() - new Date().getUTCFullYear()) <= 1;

/** The month, day and time as read, in this year: what an implausible year's reading still tells (the seconds are what the specs check). */
export function withCurrentYear(reading: Date): Date {
  const fixed = new Date(reading);
  fixed.setUTCFullYear(new Date().getUTCFullYear());
  return fixed;
}
