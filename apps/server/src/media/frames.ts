import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClipsRepository } from '../modules/video/clips.repository.js';
import { frameArgs, posterCrop, runFfmpeg, type FrameCrop } from './ffmpeg.js';
import type { MediaStore } from './media-store.js';

/** event: an event's thumbnail; face: the whole frame of a face detection; poster: the face crop of it. */
export const FRAME_KINDS = ['event', 'face', 'poster'] as const;
export type FrameKind = (typeof FRAME_KINDS)[number];
const WIDTH: Record<FrameKind, number> = { event: 320, face: 1280, poster: 240 };

export const framePath = (kind: FrameKind, id: string): string => `frames/${kind}/${id}.jpg`;
const FRAME_PATH = /^frames\/(event|face|poster)\/([0-9a-f-]{36})\.jpg$/;

/** Where and when a picture was taken, as the database knows it. */
export interface FrameSource {
  camera: string;
  at: number;
  box?: FrameCrop | null;
}
export type FrameLookup = (kind: FrameKind, id: string) => Promise<FrameSource | undefined>;

/**
 * Pictures of events and alerts, cut from the recorded clip at the moment they happened, made when first asked
 * for and kept. Until the clip holding the moment is written (a minute at most) there is no picture yet.
 */
export class FrameService {
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly d: { store: MediaStore; clips: ClipsRepository; ffmpeg: string | null; lookup: FrameLookup; concurrency?: number },
  ) {}

  /** True when the picture exists (now); false when there is no recording of that moment (yet), or no such picture. */
  ensure(rel: string): Promise<boolean> {
    const match = FRAME_PATH.exec(rel);
    const absolute = this.d.store.resolveInside(rel);
    if (!match || !absolute) return Promise.resolve(false);
    if (existsSync(absolute)) return Promise.resolve(true);
    const pending = this.inFlight.get(rel);
    if (pending) return pending;
    const work = this.make(match[1] as FrameKind, match[2]!, absolute).finally(() => this.inFlight.delete(rel));
    this.inFlight.set(rel, work);
    return work;
  }

  private async make(kind: FrameKind, id: string, absolute: string): Promise<boolean> {
    if (!this.d.ffmpeg) return false;
    const source = await this.d.lookup(kind, id);
    if (!source) return false;
    const clip = await this.d.clips.startingAtOrBefore(source.camera, source.at);
    if (!clip || source.at >= clip.start_ms + clip.duration_ms) return false;
    const clipFile = this.d.store.resolveInside(clip.file);
    if (!clipFile || !existsSync(clipFile)) return false;
    const crop = kind === 'poster' && source.box ? posterCrop(source.box) : undefined;
    mkdirSync(dirname(absolute), { recursive: true });
    const partial = `${absolute.slice(0, -4)}.${process.pid}.part.jpg`;
    await this.slot();
    try {
      await runFfmpeg(this.d.ffmpeg, frameArgs(clipFile, (source.at - clip.start_ms) / 1000, partial, WIDTH[kind], crop), 20_000);
      renameSync(partial, absolute);
      return true;
    } catch {
      rmSync(partial, { force: true });
      return false;
    } finally {
      this.release();
    }
  }

  private async slot(): Promise<void> {
    if (this.running < (this.d.concurrency ?? 2)) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
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
