import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { longClipArgs, runFfmpeg } from './ffmpeg.js';
import type { MediaStore } from './media-store.js';

/**
 * Long-clip downloads: clips joined into one MP4 without transcoding, in the media store's exports/ folder. The folder
 * has a size cap (a new export waits while it is full), a file goes once it was downloaded whole, and any other when
 * the retention sweep finds it past the exports' period (removeExportsBefore).
 */
export class Exports {
  constructor(
    private readonly store: MediaStore,
    private readonly ffmpeg: string,
    private readonly maxBytes: number,
  ) {}

  /** Bytes in the exports folder now. */
  usedBytes(): number {
    const dir = this.store.exportsDir();
    let total = 0;
    for (const name of readdirSync(dir)) {
      try {
        total += statSync(join(dir, name)).size;
      } catch {
        // removed meanwhile
      }
    }
    return total;
  }

  full(): boolean {
    return this.maxBytes > 0 && this.usedBytes() >= this.maxBytes;
  }

  /** Joins `files` (store-relative clip files, in order) from `offsetSeconds` for `durationSeconds`; the export's relative path. */
  async make(files: string[], offsetSeconds: number, durationSeconds: number): Promise<string> {
    const dir = this.store.exportsDir();
    mkdirSync(dir, { recursive: true });
    const id = randomUUID();
    const list = join(dir, `${id}.txt`);
    const output = join(dir, `${id}.mp4`);
    writeFileSync(list, files.map((file) => `file '${this.store.resolveInside(file)!.replace(/'/g, "'\\''")}'`).join('\n'));
    try {
      await runFfmpeg(this.ffmpeg, longClipArgs(list, offsetSeconds, durationSeconds, `${output}.tmp`));
      renameSync(`${output}.tmp`, output);
    } finally {
      rmSync(list, { force: true });
      rmSync(`${output}.tmp`, { force: true });
    }
    return this.store.relative(output);
  }

  /** Whether a store-relative path is an export (removed once downloaded whole). */
  static isExport(relativePath: string): boolean {
    return /^exports\/[0-9a-f-]{36}\.mp4$/.test(relativePath);
  }

  remove(relativePath: string): void {
    const path = this.store.resolveInside(relativePath);
    if (path) rmSync(path, { force: true });
  }
}

/** The exports folder's files: how many, their bytes, and the oldest one's time (ms), as retention shows them. */
export function exportsHeld(store: MediaStore): { count: number; bytes: number; oldest: number | null } {
  const held = { count: 0, bytes: 0, oldest: null as number | null };
  for (const file of exportFiles(store)) {
    held.count += 1;
    held.bytes += file.size;
    held.oldest = Math.min(held.oldest ?? file.mtimeMs, file.mtimeMs);
  }
  return held;
}

/** Removes the exports (downloads never fetched, and unfinished ones) last written before `before`; how many went. */
export function removeExportsBefore(store: MediaStore, before: number): number {
  let removed = 0;
  for (const file of exportFiles(store)) {
    if (file.mtimeMs >= before) continue;
    rmSync(file.path, { force: true });
    removed += 1;
  }
  return removed;
}

function exportFiles(store: MediaStore): { path: string; size: number; mtimeMs: number }[] {
  const dir = store.exportsDir();
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isFile() ? [{ path, size: stat.size, mtimeMs: stat.mtimeMs }] : [];
  });
}
