import { exportsHeld, removeExportsBefore } from '../../media/exports.js';
import type { MediaStore } from '../../media/media-store.js';
import type { CameraDirectory } from './cameras.port.js';
import type { ClipsRepository } from './clips.repository.js';

/** A moment whose recording must stay (an open alert's), with the margin kept on either side. */
export interface KeptMoment {
  camera_uuid: string;
  from: number;
  to: number;
}

/**
 * The video module's part of retention (modules/privacy runs the sweep): a building's recorded clips past their period,
 * rows first, then files; and the long-clip downloads, which belong to no building.
 */
export class VideoRetention {
  constructor(
    private readonly d: {
      clips: Pick<ClipsRepository, 'deleteBefore' | 'held'>;
      cameras: Pick<CameraDirectory, 'namesInDomain'>;
      store: MediaStore;
    },
  ) {}

  /**
   * Deletes up to `limit` of a building's clips (deleted cameras' too) that start before `before`, except those around
   * `keep`; how many went. A clip a viewer is playing goes too: the player moves on or shows the gap.
   */
  async purgeClips(domain: string, before: number, keep: readonly KeptMoment[], limit: number): Promise<number> {
    let deleted = 0;
    for (const camera of (await this.d.cameras.namesInDomain(domain)).keys()) {
      if (deleted >= limit) break;
      const spans = keep.filter((k) => k.camera_uuid === camera);
      const files = await this.d.clips.deleteBefore(camera, before, spans, limit - deleted);
      await this.d.store.remove(files);
      deleted += files.length;
    }
    return deleted;
  }

  async heldClips(domain: string): Promise<{ count: number; bytes: number; oldest: number | null }> {
    return this.d.clips.held([...(await this.d.cameras.namesInDomain(domain)).keys()]);
  }

  /** Removes the downloads written before `before` (the whole installation's); how many went. */
  purgeExports(before: number): number {
    return removeExportsBefore(this.d.store, before);
  }

  heldExports(): { count: number; bytes: number; oldest: number | null } {
    return exportsHeld(this.d.store);
  }
}
