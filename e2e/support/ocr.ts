import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';

/**
 * Reads the wall-clock time the demo cameras burn into the picture ("2026-11-22 05:33:40 UTC") from what the
 * video element shows, with Tesseract OCR. Null when no time can be read.
 */
export async function readBurntInTime(video: Locator): Promise<Date | null> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-ocr-'));
  try {
    const file = join(dir, 'frame.png');
    writeFileSync(file, await video.screenshot());
    const text = execFileSync('tesseract', [file, '-', '--psm', '11'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /(\d{4}-\d{2}-\d{2})\s+(\d{2}):(\d{2}):(\d{2})/.exec(text.replace(/[Oo]/g, '0'));
    if (!match) return null;
    const reading = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
    return plausibleYear(reading) ? reading : withCurrentYear(reading);
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
