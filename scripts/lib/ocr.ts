// Reads the wall clock the demo cameras burn into their picture ("2026-11-22 06:26:14 UTC"), with Debian's tesseract,
// the OCR the e2e specs already use (e2e/support/ocr.ts). Not tesseract.js: by default it fetches its language data
// from a CDN at run time; working offline takes two more npm packages (@tesseract.js-data/eng and its WASM core) to
// do what the machine's tesseract does, faster.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDebianPackage } from './setup.mjs';

const TESSERACT = '/usr/bin/tesseract';
const BURNT_IN_TIME = /(\d{4})-(\d{2})-(\d{2})\s*(\d{2}):(\d{2}):(\d{2})/;

/** Installs tesseract when missing and root; otherwise says what to install and returns false. */
export const tesseractPresent = (why: string): boolean =>
  ensureDebianPackage(TESSERACT, ['tesseract-ocr', 'tesseract-ocr-eng'], { optional: true, why });

/** The moment (epoch ms) in an OCR'd clock line, or null when it does not read as one. */
export function parseBurntInTime(text: string): number | null {
  const m = BURNT_IN_TIME.exec(text.replace(/[Oo]/g, '0'));
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // Date.UTC rolls 61 seconds or month 13 over: a misread digit, not a time.
  const back = new Date(ms);
  return back.getUTCSeconds() === Number(m[6]) && back.getUTCMonth() === Number(m[2]) - 1 ? ms : null;
}

/**
 * One line of text per PNG image (black text on white, a single line each: --psm 7), digits, '-' and ':' only.
 * One tesseract process reads a batch (it loads its model once), two batches run at a time.
 */
export async function readClockLines(images: Buffer[], batch = 60): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-ocr-'));
  try {
    const batches: { list: string; count: number }[] = [];
    for (let start = 0; start < images.length; start += batch) {
      const files = images.slice(start, start + batch).map((png, i) => {
        const file = join(dir, `${start + i}.png`);
        writeFileSync(file, png);
        return file;
      });
      const list = join(dir, `batch-${start}.txt`);
      writeFileSync(list, `${files.join('\n')}\n`);
      batches.push({ list, count: files.length });
    }
    const results: string[][] = new Array(batches.length);
    let next = 0;
    const worker = async () => {
      for (let b = next++; b < batches.length; b = next++) {
        const { list, count } = batches[b]!;
        const { stdout } = await promisify(execFile)(
          TESSERACT,
          [list, 'stdout', '--psm', '7', '-c', 'tessedit_char_whitelist=0123456789-:'],
          { maxBuffer: 16 * 1024 * 1024 },
        );
        // The text renderer ends every page with a form feed.
        const pages = stdout.split('\f');
        results[b] = Array.from({ length: count }, (_, i) => (pages[i] ?? '').trim());
      }
    };
    await Promise.all([worker(), worker()]);
    return results.flat();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
