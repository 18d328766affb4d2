import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ClipRow } from '../db/schema.js';
import { frameArgs, posterCrop, runFfmpeg, type FrameCrop } from './ffmpeg.js';
import { FfmpegLanes, REPORT_NICENESS, type FfmpegLane, type LaneClaim } from './ffmpeg-lanes.js';
import type { MediaStore } from './media-store.js';
import { HLS_LIST_SIZE } from './recorder.js';

/** Where the recorded clips are found (the clips repository); media does not depend on the modules that own them. */
export interface ClipLookup {
  startingAtOrBefore(camera: string, ms: number): Promise<ClipRow | undefined>;
  coverage(camera: string): Promise<{ first: number; lastEnd: number } | null>;
  /** the camera's clips starting at or after `ms`, start and length only, in time order */
  spansFrom(camera: string, ms: number): Promise<{ start_ms: number; duration_ms: number }[]>;
}

/**
 * event: an event's thumbnail; face: the whole frame of a face detection; poster: the face crop of it. Made from
 * those, for the training tool (part 2 §3 training filters): shapes, the whole frame with the face's box drawn; clahe,
 * the crop contrast-equalised (CLAHE); shapes-clahe, both.
 */
export const FRAME_KINDS = ['event', 'face', 'poster', 'shapes', 'clahe', 'shapes-clahe'] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];
const WIDTH: Record<'event' | 'face' | 'poster', number> = { event: 320, face: 1280, poster: 240 };
const DERIVED: Partial<Record<FrameKind, { base: 'face' | 'poster'; box: boolean; clahe: boolean }>> = {
  shapes: { base: 'face', box: true, clahe: false },
  clahe: { base: 'poster', box: false, clahe: true },
  'shapes-clahe': { base: 'face', box: true, clahe: true },
};
/** The picture a kind is made from (itself for the cut or kept ones). */
export const baseFrameKind = (kind: FrameKind): 'event' | 'face' | 'poster' => DERIVED[kind]?.base ?? (kind as 'event' | 'face' | 'poster');
/** A whole frame with the face's box is shown this wide at most (a list of them, not one picture). */
const SHAPES_WIDTH = 480;

/**
 * Clips of one connection meet to within milliseconds (their lengths are measured from the files); a moment this
 * close after a clip's end is pictured by its last frame. A longer stretch without video is a gap: no link, no picture.
 */
export const CLIP_GAP_TOLERANCE_MS = 1_000;

export const framePath = (kind: FrameKind, id: string): string => `frames/${kind}/${id}.jpg`;
const FRAME_PATH = new RegExp(`^frames/(${FRAME_KINDS.join('|')})/([0-9a-f-]{36})\\.jpg$`);

/** Every picture a face detection can have in the media folder: kept from a detector, cut, or made from those. */
const DETECTION_KINDS = FRAME_KINDS.filter((kind) => kind !== 'event');

/** How many pictures of these face detections are in the media folder. */
export function countDetectionPictures(store: MediaStore, ids: readonly string[]): number {
  return ids.reduce((n, id) => n + DETECTION_KINDS.filter((kind) => store.exists(framePath(kind, id))).length, 0);
}

/** Deletes every picture of these face detections (a person's erasure); how many there were. */
export function removeDetectionPictures(store: MediaStore, ids: readonly string[]): number {
  let removed = 0;
  for (const id of ids)
    for (const kind of DETECTION_KINDS) {
      const absolute = store.resolveInside(framePath(kind, id));
      if (!absolute || !existsSync(absolute)) continue;
      rmSync(absolute, { force: true });
      removed += 1;
    }
  return removed;
}

/** Where and when a picture was taken, as the database knows it. */
export interface FrameSource {
  camera: string;
  at: number;
  box?: FrameCrop | null;
}
export type FrameLookup = (kind: FrameKind, id: string) => Promise<FrameSource | undefined>;

/**
 * How far back the live HLS segments reach: the playlist keeps HLS_LIST_SIZE segments, the newest still being
 * written. A moment this recent can be pictured before its clip exists; both the links and the cutting use it.
 */
export const liveWindowMs = (hlsSeconds: number): number => (HLS_LIST_SIZE - 1) * hlsSeconds * 1000;
/** A live segment longer than this is not a real one (the first segment after connecting can claim hours). */
const MAX_SEGMENT_MS = 10_000;
/** How long to wait for the live segment holding a moment that just happened. */
const LIVE_WAIT_MS = 3_000;

/**
 * The live segment holding a moment, from the playlist's durations and the segments' modification times: the
 * muxer renames a segment into place when it is complete, so its mtime is its end on the wall clock.
 */
export function liveSegmentAt(
  playlist: string,
  endOf: (file: string) => number | null,
  at: number,
): { file: string; offsetSeconds: number } | null {
  const lines = playlist.split('\n').map((l) => l.trim());
  let previousEnd: number | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    const duration = Number(/^#EXTINF:([\d.]+),/.exec(lines[i]!)?.[1] ?? Number.NaN) * 1000;
    const file = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    if (!Number.isFinite(duration) || !file) continue;
    const end = endOf(file);
    if (end === null) continue;
    // Right after a camera connects, segments arrive in a burst (written within milliseconds, the first with a
    // nonsense duration): their times on disk say nothing about when they were filmed, so they are skipped.
    const burst = duration > MAX_SEGMENT_MS || (previousEnd !== null && end - previousEnd < duration / 2);
    previousEnd = end;
    if (burst) continue;
    const start = end - duration;
    if (at >= start && at <= end) return { file, offsetSeconds: (at - start) / 1000 };
  }
  return null;
}

/**
 * Pictures of events and alerts, cut from the recorded clip at the moment they happened, made when first asked
 * for and kept. A moment of the last seconds comes from the live HLS segments, so a new alert has its picture
 * at once; between the live window and the clip being written (a minute at most) there is no picture yet.
 */
export class FrameService {
  private readonly inFlight = new Map<string, { work: Promise<boolean>; job: FrameJob }>();
  private readonly lanes: FfmpegLanes;

  constructor(
    private readonly d: {
      store: MediaStore;
      clips: ClipLookup;
      ffmpeg: string | null;
      lookup: FrameLookup;
      clock: { now(): number };
      liveWindowMs: number;
      /** the ffmpeg lanes (alerts, reports): by default two alert slots and one report slot */
      lanes?: FfmpegLanes;
    },
  ) {
    this.lanes = d.lanes ?? new FfmpegLanes();
  }

  /**
   * Keeps a picture a detector sent (a face crop as the detection's poster), so it need not be cut from the recording;
   * written whole or not at all.
   */
  keep(kind: FrameKind, id: string, jpeg: Buffer): void {
    const absolute = this.d.store.resolveInside(framePath(kind, id));
    if (!absolute) throw new Error(`not a frame id: ${id}`);
    mkdirSync(dirname(absolute), { recursive: true });
    const partial = `${absolute.slice(0, -4)}.${process.pid}.part.jpg`;
    writeFileSync(partial, jpeg);
    renameSync(partial, absolute);
  }

  /**
   * Retention: deletes the pictures of face detections (the frame, the crop and what was made from them) or of events,
   * after their rows are gone; a picture never made is fine.
   */
  forget(of: 'detection' | 'event', ids: readonly string[]): Promise<void> {
    const kinds: readonly FrameKind[] = of === 'event' ? ['event'] : FRAME_KINDS.filter((k) => k !== 'event');
    return this.d.store.remove(ids.flatMap((id) => kinds.map((kind) => framePath(kind, id))));
  }

  /** Whether the picture exists already (kept from a detector, or cut before): it needs no recording to be shown. */
  exists(kind: FrameKind, id: string): boolean {
    const absolute = this.d.store.resolveInside(framePath(kind, id));
    return absolute !== null && existsSync(absolute);
  }

  /** A picture's bytes: kept, or made now from the recording (report work in the report lane); null when there is none. */
  async read(kind: FrameKind, id: string, lane: FfmpegLane = 'alerts'): Promise<Buffer | null> {
    const rel = framePath(kind, id);
    const absolute = this.d.store.resolveInside(rel);
    return absolute && (await this.ensure(rel, lane)) ? readFileSync(absolute) : null;
  }

  /**
   * True when the picture exists (now); false when there is no recording of that moment (yet), or no such picture.
   * Asked for in the alert lane while a report waits for the same picture, the waiting job moves to the alert lane.
   */
  ensure(rel: string, lane: FfmpegLane = 'alerts'): Promise<boolean> {
    const match = FRAME_PATH.exec(rel);
    const absolute = this.d.store.resolveInside(rel);
    if (!match || !absolute) return Promise.resolve(false);
    if (existsSync(absolute)) return Promise.resolve(true);
    const pending = this.inFlight.get(rel);
    if (pending) {
      if (lane === 'alerts') promote(pending.job);
      return pending.work;
    }
    const job: FrameJob = { lane, claim: null };
    const work = this.make(match[1] as FrameKind, match[2]!, absolute, job).finally(() => this.inFlight.delete(rel));
    this.inFlight.set(rel, { work, job });
    return work;
  }

  private async make(kind: FrameKind, id: string, absolute: string, job: FrameJob): Promise<boolean> {
    const derived = DERIVED[kind];
    if (derived) return this.derive(kind, id, absolute, derived, job);
    if (!this.d.ffmpeg) return false;
    const source = await this.d.lookup(kind, id);
    if (!source) return false;
    const found = (await this.recorded(source)) ?? (await this.live(source));
    if (!found) return false;
    const crop = kind === 'poster' && source.box ? posterCrop(source.box) : undefined;
    mkdirSync(dirname(absolute), { recursive: true });
    const partial = `${absolute.slice(0, -4)}.${process.pid}.part.jpg`;
    const claim = this.lanes.claim(job.lane);
    job.claim = claim;
    await claim.started;
    const niceness = claim.lane === 'reports' ? REPORT_NICENESS : 0;
    try {
      // A seek past the last frame of a short segment gives no picture: step back a little and try again.
      for (const back of [0, 0.3, 0.6, 1]) {
        try {
          await runFfmpeg(
            this.d.ffmpeg,
            frameArgs(found.file, Math.max(0, found.offsetSeconds - back), partial, WIDTH[baseFrameKind(kind)], crop),
            20_000,
            { niceness },
          );
          if (existsSync(partial) && statSync(partial).size > 0) {
            renameSync(partial, absolute);
            return true;
          }
        } catch {
          // the next, earlier offset
        }
        if (found.offsetSeconds - back <= 0) break;
      }
      rmSync(partial, { force: true });
      return false;
    } finally {
      claim.release();
    }
  }

  /** A picture made from another (kept or cut first): the face's box drawn on the whole frame, and/or CLAHE. */
  private async derive(
    kind: FrameKind,
    id: string,
    absolute: string,
    how: { base: 'face' | 'poster'; box: boolean; clahe: boolean },
    job: FrameJob,
  ): Promise<boolean> {
    const base = await this.read(how.base, id, job.lane);
    if (!base) return false;
    const source = how.box ? await this.d.lookup(kind, id) : undefined;
    let image = sharp(base);
    if (how.box) {
      const { width = 0, height = 0 } = await sharp(base).metadata();
      const scale = Math.min(1, SHAPES_WIDTH / Math.max(1, width));
      const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
      image = image.resize(w, h);
      const box = source?.box;
      if (box) {
        const stroke = Math.max(2, Math.round(w / 160));
        const rect = `<rect x="${box.x * w}" y="${box.y * h}" width="${box.w * w}" height="${box.h * h}" fill="none" stroke="#39ff14" stroke-width="${stroke}"/>`;
        image = image.composite([
          { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${rect}</svg>`), left: 0, top: 0 },
        ]);
      }
    }
    // Contrast limited adaptive histogram equalisation: faces in shadow or backlight become readable.
    if (how.clahe) image = image.clahe({ width: 8, height: 8, maxSlope: 3 });
    mkdirSync(dirname(absolute), { recursive: true });
    const partial = `${absolute.slice(0, -4)}.${process.pid}.part.jpg`;
    await image.jpeg({ quality: 82 }).toFile(partial);
    renameSync(partial, absolute);
    return true;
  }

  /** The archived clip holding the moment. */
  private async recorded(source: FrameSource): Promise<{ file: string; offsetSeconds: number } | null> {
    const clip = await this.d.clips.startingAtOrBefore(source.camera, source.at);
    if (!clip || source.at >= clip.start_ms + clip.duration_ms + CLIP_GAP_TOLERANCE_MS) return null;
    const file = this.d.store.resolveInside(clip.file);
    // Just past the end (clips meet to within milliseconds): its last frame, stepping back as for any short seek.
    const offset = Math.min(source.at - clip.start_ms, clip.duration_ms);
    return file && existsSync(file) ? { file, offsetSeconds: offset / 1000 } : null;
  }

  /** For a moment of the last few seconds: the live segment holding it, waiting briefly for it to be written. */
  private async live(source: FrameSource): Promise<{ file: string; offsetSeconds: number } | null> {
    const now = this.d.clock.now();
    if (now - source.at > this.d.liveWindowMs || source.at > now + LIVE_WAIT_MS) return null;
    const dir = join(this.d.store.root, 'live', source.camera);
    const endOf = (file: string) => {
      try {
        return /^seg\d+\.ts$/.test(file) ? statSync(join(dir, file)).mtimeMs : null;
      } catch {
        return null;
      }
    };
    for (const deadline = Date.now() + LIVE_WAIT_MS; ;) {
      let playlist = '';
      try {
        playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8');
      } catch {
        return null;
      }
      const segment = liveSegmentAt(playlist, endOf, source.at);
      if (segment) return { file: join(dir, segment.file), offsetSeconds: segment.offsetSeconds };
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A picture being made: the lane it was asked for in, and its place there once it waits for ffmpeg. */
interface FrameJob {
  lane: FfmpegLane;
  claim: LaneClaim | null;
}

/** An alert needs a picture a report job is making: a job not yet started moves to the alert lane. */
function promote(job: FrameJob): void {
  job.lane = 'alerts';
  job.claim?.promote('alerts');
}

const FRAME_URL_TTL_MS = 6 * 3600_000;
const HOUR_MS = 3600_000;

/** A signed link to a picture; the expiry is rounded up to the hour so repeated lists give the same URL (browser cache). */
export function signedFrameUrl(
  signer: { sign(scope: string, expiresAt: number): string },
  kind: FrameKind,
  id: string,
  now: number,
): string {
  const expires = Math.ceil((now + FRAME_URL_TTL_MS) / HOUR_MS) * HOUR_MS;
  return signer.sign(framePath(kind, id), expires);
}
