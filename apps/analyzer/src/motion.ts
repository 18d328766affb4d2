/**
 * The motion gate: a cheap look at each sampled frame decides whether the expensive models run on it. A still scene
 * costs a thumbnail and a comparison (well under a millisecond); the models run on frames where something moved, for a
 * few frames after it stopped, and once in a while anyway (a person standing still is still looked at).
 *
 * Frames are reduced to a small grey thumbnail; a cell counts as changed when it differs from the background (a slow
 * running average) by more than `pixelThreshold`. Cells that change nearly all the time — a burnt-in clock, a flag,
 * flicker — are learned and left out, so they neither trigger the gate forever nor hide a person elsewhere.
 */
export interface MotionGateOptions {
  /** thumbnail size in cells */
  columns?: number;
  rows?: number;
  /** grey-level difference (0..255) from the background for a cell to count as changed */
  pixelThreshold?: number;
  /** share of the cells that must change for motion */
  areaThreshold?: number;
  /** how fast the background follows the scene (0..1 per frame) */
  backgroundRate?: number;
  /** how fast a cell's "always changing" score follows it (0..1 per frame) */
  activityRate?: number;
  /** a cell changing in more than this share of recent frames is left out */
  activityMask?: number;
  /** frames still analysed after motion stopped */
  hangoverFrames?: number;
  /** at least one frame is analysed this often without motion (ms) */
  refreshMs?: number;
}

export interface MotionVerdict {
  analyse: boolean;
  reason: 'first' | 'motion' | 'hangover' | 'refresh' | 'still';
  /** share of (unmasked) cells that changed */
  changed: number;
}

/** A grey thumbnail of an RGB frame (block averages), `columns` x `rows` cells of 0..255. */
export function greyThumbnail(rgb: Uint8Array, width: number, height: number, columns: number, rows: number): Float32Array {
  const out = new Float32Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  // Every second pixel of every second row is plenty for a block average, and halves the cost.
  for (let y = 0; y < height; y += 2) {
    const row = Math.min(rows - 1, Math.floor((y * rows) / height)) * columns;
    const line = y * width * 3;
    for (let x = 0; x < width; x += 2) {
      const i = line + x * 3;
      const cell = row + Math.min(columns - 1, Math.floor((x * columns) / width));
      out[cell]! += (rgb[i]! * 77 + rgb[i + 1]! * 150 + rgb[i + 2]! * 29) >> 8;
      counts[cell]! += 1;
    }
  }
  for (let c = 0; c < out.length; c++) out[c] = counts[c]! > 0 ? out[c]! / counts[c]! : 0;
  return out;
}

export class MotionGate {
  private readonly o: Required<MotionGateOptions>;
  private background: Float32Array | null = null;
  private activity: Float32Array | null = null;
  private hangover = 0;
  private lastAnalysedAt = -Infinity;

  constructor(options: MotionGateOptions = {}) {
    this.o = {
      columns: options.columns ?? 64,
      rows: options.rows ?? 36,
      pixelThreshold: options.pixelThreshold ?? 18,
      areaThreshold: options.areaThreshold ?? 0.004,
      backgroundRate: options.backgroundRate ?? 0.25,
      activityRate: options.activityRate ?? 0.08,
      activityMask: options.activityMask ?? 0.5,
      hangoverFrames: options.hangoverFrames ?? 2,
      refreshMs: options.refreshMs ?? 30_000,
    };
  }

  /** Looks at one frame (RGB, 3 bytes a pixel) taken at `at` (ms); says whether the models should see it. */
  check(rgb: Uint8Array, width: number, height: number, at: number): MotionVerdict {
    const thumb = greyThumbnail(rgb, width, height, this.o.columns, this.o.rows);
    return this.checkThumbnail(thumb, at);
  }

  checkThumbnail(thumb: Float32Array, at: number): MotionVerdict {
    if (!this.background || this.background.length !== thumb.length) {
      this.background = Float32Array.from(thumb);
      this.activity = new Float32Array(thumb.length);
      return this.analysed(at, 'first', 0);
    }
    const background = this.background;
    const activity = this.activity!;
    let changed = 0;
    let counted = 0;
    for (let c = 0; c < thumb.length; c++) {
      const moved = Math.abs(thumb[c]! - background[c]!) > this.o.pixelThreshold ? 1 : 0;
      if (activity[c]! <= this.o.activityMask) {
        counted += 1;
        changed += moved;
      }
      activity[c] = activity[c]! + this.o.activityRate * (moved - activity[c]!);
      background[c] = background[c]! + this.o.backgroundRate * (thumb[c]! - background[c]!);
    }
    const share = counted > 0 ? changed / counted : 0;
    if (share >= this.o.areaThreshold) {
      this.hangover = this.o.hangoverFrames;
      return this.analysed(at, 'motion', share);
    }
    if (this.hangover > 0) {
      this.hangover -= 1;
      return this.analysed(at, 'hangover', share);
    }
    if (at - this.lastAnalysedAt >= this.o.refreshMs) return this.analysed(at, 'refresh', share);
    return { analyse: false, reason: 'still', changed: share };
  }

  private analysed(at: number, reason: MotionVerdict['reason'], changed: number): MotionVerdict {
    this.lastAnalysedAt = at;
    return { analyse: true, reason, changed };
  }
}
