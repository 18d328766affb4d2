import { ARCHIVE, VIDEO_MESSAGES, locateInPlaylist, playlistNeedsMore, type Clip, type ClipReply } from '@vigil/contract';
import { createStore, type Store } from '../../../lib/store';
import { startTimeout } from '../../../lib/timers';
import { clipEndMs, clipStartMs, indexOfStart, mergeClips } from './archive-playlist';
import { describeClipFailure } from './clip-failure';

export interface ArchiveApi {
  getClip(cameraId: string, at: Date): Promise<ClipReply | undefined>;
  getClips(cameraId: string, at: Date): Promise<Clip[]>;
}

/** Where clips are shown: the <video> element, behind this one method. */
export interface ArchiveScreen {
  show(clip: Clip, offsetSeconds: number): void;
}

export type ArchiveStatus = 'idle' | 'loading' | 'playing' | 'uploading' | 'error';

export interface ArchiveState {
  status: ArchiveStatus;
  message: string | null;
  clips: readonly Clip[];
  /** The clip playing, -1 before the first one. */
  index: number;
}

export const IDLE_ARCHIVE: ArchiveState = { status: 'idle', message: null, clips: [], index: -1 };

type Schedule = (callback: () => void, ms: number) => () => void;

/**
 * Recorded playback (spec part 1 §4): ask for the clip holding an instant, then the playlist around it;
 * play clip after clip, fetch more within 2 clips of either end; 'still uploading' and a retry after
 * 5 s for recent instants and at the newest clip. Each user action starts a new generation, so
 * answers to older requests are dropped.
 */
export class ArchiveController {
  private generation = 0;
  private cancelRetry: (() => void) | null = null;
  /** Playlist requests on their way, by side: a second wish for the same side waits for the same answer. */
  private extending: { before?: Promise<readonly Clip[]>; after?: Promise<readonly Clip[]> } = {};

  constructor(
    private readonly cameraId: string,
    private readonly api: ArchiveApi,
    private readonly screen: ArchiveScreen,
    readonly store: Store<ArchiveState> = createStore(IDLE_ARCHIVE),
    private readonly now: () => Date = () => new Date(),
    private readonly schedule: Schedule = startTimeout,
  ) {}

  get state(): ArchiveState {
    return this.store.get();
  }

  /** The clip playing, if any. */
  get currentClip(): Clip | undefined {
    return this.state.clips[this.state.index];
  }

  seek(at: Date): void {
    const generation = this.begin();
    const hit = this.locate(at);
    if (hit) {
      this.play(hit.index, hit.offsetSeconds);
      return;
    }
    this.update({ status: 'loading', message: null });
    void this.fetchClip(at, generation);
  }

  /** Whether `seek(at)` plays from the playlist already loaded, without asking the server. */
  holds(at: Date): boolean {
    return this.locate(at) !== null;
  }

  next(): void {
    const { clips, index } = this.state;
    if (index < 0) return;
    const generation = this.begin();
    if (index + 1 < clips.length) this.play(index + 1, 0);
    else void this.waitForNext(generation);
  }

  previous(): void {
    const { index } = this.state;
    if (index < 0) return;
    const generation = this.begin();
    if (index > 0) this.play(index - 1, 0);
    else void this.fetchPrevious(generation);
  }

  /** Forgets the playlist (its signed links may have expired) and asks the server again for `at`. */
  reload(at: Date): void {
    this.store.set((state) => ({ ...state, clips: [], index: -1 }));
    this.seek(at);
  }

  /** Drops pending answers and retries; the controller can seek again afterwards. */
  halt(): void {
    this.begin();
  }

  private locate(at: Date): { index: number; offsetSeconds: number } | null {
    const { clips } = this.state;
    const hit = locateInPlaylist(clips, at);
    const clip = hit ? clips[hit.index] : undefined;
    return hit && clip && at.getTime() >= clipStartMs(clip) && at.getTime() < clipEndMs(clip) ? hit : null;
  }

  private begin(): number {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.generation += 1;
    return this.generation;
  }

  private update(patch: Partial<ArchiveState>): void {
    this.store.set((state) => ({ ...state, ...patch }));
  }

  private retryLater(generation: number, run: () => void): void {
    this.cancelRetry = this.schedule(() => {
      this.cancelRetry = null;
      if (generation === this.generation) run();
    }, ARCHIVE.retryMs);
  }

  private play(index: number, offsetSeconds: number, clips: readonly Clip[] = this.state.clips): void {
    const clip = clips[index];
    if (!clip) return;
    this.store.set({ status: 'playing', message: null, clips, index });
    this.screen.show(clip, offsetSeconds);
    this.topUp();
  }

  private async fetchClip(at: Date, generation: number): Promise<void> {
    let reply: ClipReply | undefined;
    let error: unknown;
    try {
      reply = await this.api.getClip(this.cameraId, at);
    } catch (caught) {
      error = caught ?? new Error('unknown');
    }
    if (generation !== this.generation) return;
    if (reply && typeof reply === 'object' && reply.ok === true) {
      const clip: Clip = { start: reply.start, duration: reply.duration, pre_signed_url: reply.pre_signed_url };
      this.play(0, reply.offset_seconds, [clip]);
      return;
    }
    if (error !== undefined) console.warn('Recorded video: the clip request failed', error);
    const problem = describeClipFailure(error !== undefined ? { error } : { reply }, at, this.now());
    this.update({ status: problem.kind, message: problem.message });
    if (problem.kind === 'uploading') this.retryLater(generation, () => void this.fetchClip(at, generation));
  }

  /** The playlist around `at`, merged in; the playing clip keeps playing. */
  private extend(at: Date, side: 'before' | 'after'): Promise<readonly Clip[]> {
    this.extending[side] ??= this.fetchPlaylist(at).finally(() => {
      this.extending[side] = undefined;
    });
    return this.extending[side];
  }

  private async fetchPlaylist(at: Date): Promise<readonly Clip[]> {
    try {
      const more = await this.api.getClips(this.cameraId, at);
      const playing = this.currentClip;
      const clips = mergeClips(this.state.clips, more);
      const index = playing ? indexOfStart(clips, clipStartMs(playing)) : -1;
      this.update({ clips, index });
    } catch (error) {
      console.warn('Recorded video: the playlist request failed', error);
    }
    return this.state.clips;
  }

  private topUp(): void {
    const { clips, index } = this.state;
    const needs = playlistNeedsMore(index, clips.length);
    const first = clips[0];
    const last = clips[clips.length - 1];
    if (needs.after && last) void this.extend(new Date(clipStartMs(last)), 'after');
    // With one clip, one playlist request covers both sides.
    if (needs.before && first && first !== last) void this.extend(new Date(clipStartMs(first)), 'before');
  }

  /** At the newest clip: ask for what came after; the next minute may still be uploading. */
  private async waitForNext(generation: number): Promise<void> {
    const last = this.currentClip;
    if (!last) return;
    const clips = await this.extend(new Date(clipStartMs(last)), 'after');
    if (generation !== this.generation) return;
    const index = indexOfStart(clips, clipStartMs(last));
    if (index >= 0 && index + 1 < clips.length) {
      this.play(index + 1, 0);
      return;
    }
    this.update({ status: 'uploading', message: VIDEO_MESSAGES.stillUploading });
    this.retryLater(generation, () => void this.waitForNext(generation));
  }

  private async fetchPrevious(generation: number): Promise<void> {
    const first = this.currentClip;
    if (!first) return;
    const clips = await this.extend(new Date(clipStartMs(first) - 1000), 'before');
    if (generation !== this.generation) return;
    const index = indexOfStart(clips, clipStartMs(first));
    if (index > 0) this.play(index - 1, 0);
  }
}
