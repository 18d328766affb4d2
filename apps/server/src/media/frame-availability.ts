import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CLIP_GAP_TOLERANCE_MS, baseFrameKind, type ClipLookup, type FrameKind } from './frames.js';

// Which moments' pictures can be shown (lists hand out links only to pictures that exist or can be cut): the cameras'
// recorded spans less their gaps, and the last seconds of a camera streaming live.

/** A camera's gaps are found again from scratch this often (a clip removed mid-archive makes a new one). */
const FULL_SCAN_MS = 10 * 60_000;

const COVERAGE_TTL_MS = 5_000;

interface Recording {
  /** when it was looked at */
  at: number;
  /** when its gaps were found from scratch */
  scannedAt: number;
  first: number;
  lastStart: number;
  lastEnd: number;
  /** stretches without video inside [first, lastEnd), in time order */
  gaps: { start: number; end: number }[];
}

/** The stretches without video between clips (in start order), from `end`, the end of what came before them. */
export function recordingGaps(
  clips: readonly { start_ms: number; duration_ms: number }[],
  end: number | null,
): { gaps: { start: number; end: number }[]; end: number | null } {
  const gaps: { start: number; end: number }[] = [];
  let reached = end;
  for (const clip of clips) {
    if (reached !== null && clip.start_ms > reached + CLIP_GAP_TOLERANCE_MS) gaps.push({ start: reached, end: clip.start_ms });
    reached = Math.max(reached ?? clip.start_ms, clip.start_ms + clip.duration_ms);
  }
  return { gaps, end: reached };
}

/** Whether a live playlist written in the last `windowMs` exists for a camera (its live segments are being made). */
export function livePlaylistFresh(root: string, windowMs: number, clock: { now(): number }): (camera: string) => boolean {
  return (camera) => {
    try {
      return clock.now() - statSync(join(root, 'live', camera, 'index.m3u8')).mtimeMs <= windowMs;
    } catch {
      return false;
    }
  };
}

/**
 * Whether a picture of a moment can be made now, so lists hand out links only to pictures that exist or can be
 * cut: a moment a recorded clip holds (the archive's span less its gaps, where a recorder was down or a camera
 * unreachable), or one of the last seconds of a camera streaming live. Each camera's span is looked at again after
 * a few seconds, reading only the clips written since (its gaps are kept).
 */
export class FrameAvailability {
  private readonly cache = new Map<string, Recording | null>();
  private readonly live = new Map<string, boolean>();

  constructor(
    private readonly d: {
      clips: Pick<ClipLookup, 'coverage' | 'spansFrom'>;
      clock: { now(): number };
      liveWindowMs: number;
      /** whether a camera is streaming live now (its live segments are being written) */
      streaming?: (camera: string) => boolean;
      /** whether a picture exists already (a detector sent it, or it was cut before) */
      kept?: (kind: FrameKind, id: string) => boolean;
    },
  ) {}

  /** Loads the recordings of these cameras (call once per list, before `has`). */
  async prepare(cameras: Iterable<string>): Promise<void> {
    const now = this.d.clock.now();
    for (const camera of new Set(cameras)) {
      this.live.set(camera, this.d.streaming?.(camera) ?? false);
      const cached = this.cache.get(camera);
      if (cached !== undefined && now - (cached?.at ?? 0) < COVERAGE_TTL_MS) continue;
      this.cache.set(camera, await this.load(camera, cached ?? null, now));
    }
  }

  private async load(camera: string, before: Recording | null, now: number): Promise<Recording | null> {
    const span = await this.d.clips.coverage(camera);
    if (!span) return null;
    if (before && now - before.scannedAt < FULL_SCAN_MS && span.first <= before.lastStart) {
      // Only the clips from the last one seen on; gaps before the (retention-trimmed) start are dropped.
      const clips = await this.d.clips.spansFrom(camera, before.lastStart);
      const gaps = [...before.gaps.filter((g) => g.end > span.first), ...recordingGaps(clips, before.lastEnd).gaps];
      const lastStart = clips.at(-1)?.start_ms ?? before.lastStart;
      return { at: now, scannedAt: before.scannedAt, first: span.first, lastStart, lastEnd: span.lastEnd, gaps };
    }
    const clips = await this.d.clips.spansFrom(camera, span.first);
    const { gaps } = recordingGaps(clips, null);
    const last = clips.at(-1);
    return { at: now, scannedAt: now, first: span.first, lastStart: last?.start_ms ?? span.first, lastEnd: span.lastEnd, gaps };
  }

  /**
   * Whether a detection's or an event's picture can be shown: the moment can be cut from the video, or the picture
   * exists already (a detector sent it: a face's crop and frame, an event's frame). The file is looked for (a
   * file-system call) only for moments the video does not hold.
   */
  pictured(kind: FrameKind, id: string, camera: string, at: number): boolean {
    return this.has(camera, at) || (this.d.kept?.(baseFrameKind(kind), id) ?? false);
  }

  has(camera: string, at: number): boolean {
    if (this.d.clock.now() - at <= this.d.liveWindowMs && this.live.get(camera) === true) return true;
    const recording = this.cache.get(camera);
    if (!recording || at < recording.first || at >= recording.lastEnd) return false;
    return !inGap(recording.gaps, at);
  }
}

/** Binary search in gaps sorted by start. */
function inGap(gaps: readonly { start: number; end: number }[], at: number): boolean {
  let low = 0;
  let high = gaps.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const gap = gaps[mid]!;
    if (at < gap.start) high = mid - 1;
    else if (at >= gap.end) low = mid + 1;
    else return true;
  }
  return false;
}
