import { CHUNK_SIZE } from '../../db/chunked.js';
import type { Clock } from '../../lib/clock.js';
import { pictureOwner, type PictureFolder, type PictureOwner } from '../../media/picture-folder.js';

/** A picture file younger than this is never taken: its row may be about to commit (a photo is written before its row). */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** At most this many files go per run (the next run takes the rest). */
export const ORPHAN_MAX_PER_RUN = 10_000;

/** Which of these rows still exist, asked of the modules that own them (faces: detections and photos; events). */
export interface PictureOwners {
  detections(ids: readonly string[]): Promise<ReadonlySet<string>>;
  events(ids: readonly string[]): Promise<ReadonlySet<string>>;
  photos(ids: readonly string[]): Promise<ReadonlySet<string>>;
}

type Listed = { rel: string; owner: PictureOwner };

/** The files no row names: a write that never finished, or a picture whose row is gone (or never committed). */
export function orphansOf(files: readonly Listed[], existing: Record<'detection' | 'event' | 'photo', ReadonlySet<string>>): string[] {
  return files.filter(({ owner }) => owner.of === 'partial' || !existing[owner.of].has(owner.id)).map((f) => f.rel);
}

/**
 * The retention sweep's orphan-picture part (issue 36): picture files that no row points to are deleted: a picture
 * written after its row was erased or purged, one an erasure or the sweep did not get to delete (the process stopped
 * after the commit), a photo whose row never committed, a write cut short. A file is taken only once older than the
 * grace period and only while it is still the file that was looked at, so a picture being written with its row is
 * never taken; at most `maxFiles` go per run. Rows are asked about in chunks as the folder is listed; safe on several
 * servers at once (a file already gone is fine).
 */
export class OrphanPictureSweep {
  constructor(
    private readonly d: {
      folder: Pick<PictureFolder, 'paths' | 'seen' | 'removeIfUnchanged'>;
      owners: PictureOwners;
      clock: Clock;
      graceMs?: number;
      maxFiles?: number;
    },
  ) {}

  /** One run over the media folder's pictures; how many files it deleted. `onChunk` runs after every chunk. */
  async run(onChunk?: () => Promise<void>): Promise<number> {
    const max = this.d.maxFiles ?? ORPHAN_MAX_PER_RUN;
    const cutoff = this.d.clock.now() - (this.d.graceMs ?? ORPHAN_GRACE_MS);
    let removed = 0;
    let chunk: Listed[] = [];
    for await (const rel of this.d.folder.paths()) {
      const owner = pictureOwner(rel);
      if (!owner) continue;
      chunk.push({ rel, owner });
      if (chunk.length < CHUNK_SIZE) continue;
      removed += await this.settle(chunk, cutoff, max - removed);
      chunk = [];
      await onChunk?.();
      if (removed >= max) return removed;
    }
    return removed + (await this.settle(chunk, cutoff, max - removed));
  }

  /** Deletes the orphans among `files` that are past the grace period, `room` at most. */
  private async settle(files: Listed[], cutoff: number, room: number): Promise<number> {
    if (files.length === 0) return 0;
    const ids = (of: 'detection' | 'event' | 'photo') => files.flatMap(({ owner }) => (owner.of === of ? [owner.id] : []));
    // Asked after the files were listed: a row committed since is seen, and its file kept.
    const existing = {
      detection: await this.d.owners.detections(ids('detection')),
      event: await this.d.owners.events(ids('event')),
      photo: await this.d.owners.photos(ids('photo')),
    };
    let removed = 0;
    for (const rel of orphansOf(files, existing)) {
      if (removed >= room) break;
      const seen = await this.d.folder.seen(rel);
      if (!seen || seen.mtimeMs > cutoff) continue;
      if (await this.d.folder.removeIfUnchanged(rel, seen)) removed += 1;
    }
    return removed;
  }
}
