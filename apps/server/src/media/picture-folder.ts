import type { Dir } from 'node:fs';
import { opendir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FRAME_KINDS } from './frames.js';
import type { MediaStore } from './media-store.js';

/** Whose a picture file is, from its path: a row's (by id), or a write that never finished (no row ever names it). */
export type PictureOwner = { of: 'detection' | 'event' | 'photo'; id: string } | { of: 'partial' };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FRAME = new RegExp(`^frames/(${FRAME_KINDS.join('|')})/(${UUID})(\\.\\d+\\.part)?\\.jpg$`);
const PHOTO = new RegExp(`^people/${UUID}/(${UUID})(?:\\.thumb)?\\.jpg(\\.partial)?$`);

/**
 * What a media path is, as frames.ts (frames/<kind>/<id>.jpg, and <id>.<pid>.part.jpg while written) and photos.ts
 * (people/<person>/<photo>.jpg and .thumb.jpg, and .partial while written) name them; null for anything else (left alone).
 */
export function pictureOwner(rel: string): PictureOwner | null {
  const frame = FRAME.exec(rel);
  if (frame) return frame[3] ? { of: 'partial' } : { of: frame[1] === 'event' ? 'event' : 'detection', id: frame[2]! };
  const photo = PHOTO.exec(rel);
  if (photo) return photo[2] ? { of: 'partial' } : { of: 'photo', id: photo[1]! };
  return null;
}

/** A file as it was seen: a later write replaces it with another (another inode, a newer time). */
export interface SeenFile {
  mtimeMs: number;
  ino: number;
}

/**
 * The picture files of the media folder (detections' and events' pictures, registry photos) for the orphan-picture
 * sweep: listed folder by folder without holding the list, and deleted only while still the file that was looked at.
 */
export class PictureFolder {
  constructor(private readonly store: MediaStore) {}

  /** Every file under frames/<kind>/ and people/<person>/, as media paths. */
  async *paths(): AsyncGenerator<string> {
    for (const kind of FRAME_KINDS) for await (const name of this.files(`frames/${kind}`)) yield `frames/${kind}/${name}`;
    for await (const person of this.entries('people', 'folders'))
      for await (const name of this.files(`people/${person}`)) yield `people/${person}/${name}`;
  }

  /** The file's time of change and inode, or undefined when it is gone. */
  async seen(rel: string): Promise<SeenFile | undefined> {
    const absolute = this.store.resolveInside(rel);
    const found = absolute ? await stat(absolute).catch(() => undefined) : undefined;
    return found?.isFile() ? { mtimeMs: found.mtimeMs, ino: found.ino } : undefined;
  }

  /** Deletes the file if it is still the one seen (not written again since); whether it went. */
  async removeIfUnchanged(rel: string, was: SeenFile): Promise<boolean> {
    const now = await this.seen(rel);
    if (!now || now.ino !== was.ino || now.mtimeMs !== was.mtimeMs) return false;
    const absolute = this.store.resolveInside(rel)!;
    return unlink(absolute).then(
      () => true,
      (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? false : Promise.reject(err)),
    );
  }

  private files(rel: string): AsyncGenerator<string> {
    return this.entries(rel, 'files');
  }

  private async *entries(rel: string, which: 'files' | 'folders'): AsyncGenerator<string> {
    let dir: Dir;
    try {
      dir = await opendir(join(this.store.root, rel));
    } catch {
      return; // never made (no picture of that kind yet), or removed meanwhile (an erased person's folder)
    }
    for await (const entry of dir) if (which === 'files' ? entry.isFile() : entry.isDirectory()) yield entry.name;
  }
}
