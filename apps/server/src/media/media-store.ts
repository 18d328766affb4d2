import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, statSync } from 'node:fs';
import { readFile, unlink } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';

/**
 * The local media folder: clips/<camera>/<start>.mp4 (the archive), live/<camera>/ (rolling HLS),
 * thumbs/<camera>.jpg (latest picture) and exports/ (long clips). Every path handed out is relative to it.
 */
export class MediaStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    for (const dir of ['clips', 'live', 'thumbs', 'exports']) mkdirSync(join(this.root, dir), { recursive: true });
  }

  clipDir(camera: string): string {
    return this.ensure(join('clips', camera));
  }
  liveDir(camera: string): string {
    return this.ensure(join('live', camera));
  }
  thumbnail(camera: string): string {
    return join(this.root, 'thumbs', `${camera}.jpg`);
  }
  exportsDir(): string {
    return join(this.root, 'exports');
  }

  private ensure(rel: string): string {
    const dir = join(this.root, rel);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  relative(absolute: string): string {
    return relative(this.root, absolute).split(sep).join('/');
  }

  /** The absolute path of a relative media path, or null when it would leave the media folder. */
  resolveInside(rel: string): string | null {
    if (rel.includes('\0') || isAbsolute(rel)) return null;
    const clean = normalize(rel);
    if (clean.startsWith('..') || clean.split(sep).includes('..')) return null;
    const absolute = resolve(this.root, clean);
    return absolute.startsWith(this.root + sep) ? absolute : null;
  }

  /** Whether a media path names something in the folder (a path leaving it names nothing). */
  exists(rel: string): boolean {
    const absolute = this.resolveInside(rel);
    return absolute !== null && existsSync(absolute);
  }

  /** A media file's size and time of change, or undefined when it is no file in the folder. */
  fileStat(rel: string): { size: number; mtimeMs: number } | undefined {
    const absolute = this.resolveInside(rel);
    const stat = absolute ? statSync(absolute, { throwIfNoEntry: false }) : undefined;
    return stat?.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
  }

  /**
   * Deletes media files (retention): a file already gone is fine, a path leaving the folder is skipped. Most paths asked
   * for were never made (pictures made only when someone looks), so each is first looked for (a cheap check on this
   * thread), and only those found are unlinked, off the main thread, 256 at a time.
   */
  async remove(rels: readonly string[]): Promise<void> {
    const found = rels.flatMap((rel) => {
      const absolute = this.resolveInside(rel);
      return absolute && existsSync(absolute) ? [absolute] : [];
    });
    for (let i = 0; i < found.length; i += 256)
      await Promise.all(
        found
          .slice(i, i + 256)
          .map((path) => unlink(path).catch((err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)))),
      );
  }

  /** A media file read whole at once, or null when it is gone (a file replaced or deleted meanwhile is never half read). */
  async read(rel: string): Promise<Buffer | null> {
    const absolute = this.resolveInside(rel);
    return absolute ? readFile(absolute).catch(() => null) : null;
  }
}

/** Flushes a file, or a folder's entries, to disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
