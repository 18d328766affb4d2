// Reads the wall clock the simulated cameras burn into their picture ('2026-11-25 22:47:00 UTC', bottom right) from
// frames of a recorded clip, with Debian's tesseract, as the e2e specs do (e2e/support/ocr.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TESSERACT = '/usr/bin/tesseract';
const BURNT_IN_TIME = /(\d{4})-(\d{2})-(\d{2})\s*(\d{2}):(\d{2}):(\d{2})/;
/** The clock's corner, enlarged and cut to black on white (the bright text stays, the scene behind it goes). */
const CLOCK_FILTER = "crop=iw*0.6:ih*0.2:iw*0.4:ih*0.76,scale=iw*3:-1,format=gray,lutyuv=y='if(gt(val,200),0,255)'";

export const tesseractPresent = (): boolean => existsSync(TESSERACT);

/** The burnt-in second (epoch ms) of the frame `offsetSeconds` into a video file, or null when it does not read as one. */
export async function burntInSecond(ffmpeg: string, file: string, offsetSeconds: number): Promise<number | null> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-clock-'));
  try {
    const png = join(dir, 'clock.png');
    // -ss after -i: decoded from the start, so the frame is the one at that offset exactly.
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      file,
      '-ss',
      offsetSeconds.toFixed(3),
      '-frames:v',
      '1',
      '-vf',
      CLOCK_FILTER,
      '-y',
      png,
    ]);
    const { stdout } = await run(TESSERACT, [png, 'stdout', '--psm', '7', '-c', 'tessedit_char_whitelist=0123456789-:']);
    const m = BURNT_IN_TIME.exec(stdout);
    if (!m) return null;
    return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * When a clip's first frame was filmed, from its burnt-in clock: a frame `t` seconds in that shows second `s` was
 * filmed in [s, s + 1 s), so the clip started in [s - t, s - t + 1 s). Frames 0.2 s apart narrow that down to the
 * moment the displayed second changes (to within a frame: the overlay's clock and the frame's time differ by a few
 * milliseconds). Returns the range [from, to) the readings agree on, and how many were read.
 */
export async function filmedStart(
  ffmpeg: string,
  file: string,
  durationSeconds: number,
  step = 0.2,
): Promise<{ from: number; to: number; readings: number; seconds: (number | null)[] }> {
  let from = -Infinity;
  let to = Infinity;
  let readings = 0;
  const seconds: (number | null)[] = [];
  for (let t = 0; t <= Math.min(durationSeconds - step, 2.4); t += step) {
    const second = await burntInSecond(ffmpeg, file, t);
    seconds.push(second);
    if (second === null) continue;
    readings += 1;
    from = Math.max(from, second - t * 1000);
    to = Math.min(to, second - t * 1000 + 1000);
  }
  return { from, to, readings, seconds };
}
