import { childEnv, redactSecrets } from '@vigil/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Clock } from '../lib/clock.js';
import { finishClipFile } from './clip-files.js';
import { clipFileName, parseClipFileName, parseSegmentListLine, probeDuration, recorderArgs, recorderInput } from './ffmpeg.js';
import { LiveFeed } from './live-feed.js';
import { mp4Duration } from './fmp4.js';
import { placeThumbnail, temporaryThumbnail, writeLiveThumbnail, writeThumbnail } from './thumbnails.js';
import { fsyncPath, type MediaStore } from './media-store.js';

export interface CameraSource {
  uuid: string;
  url: string;
}

/** Segments the rolling live playlist keeps. */
export const HLS_LIST_SIZE = 6;

export interface IndexedClip {
  camera_uuid: string;
  start_ms: number;
  duration_ms: number;
  size_bytes: number;
  file: string;
}

/** Where the recorder keeps its index (the clips table). */
export interface ClipIndex {
  add(clip: IndexedClip): Promise<void>;
  filesOf(camera: string): Promise<string[]>;
  removeFiles(camera: string, files: string[]): Promise<void>;
}

export type RecorderStateName = 'recording' | 'connecting' | 'offline' | 'stopped';
export interface RecorderStatus {
  state: RecorderStateName;
  since: number | null;
  error: string | null;
}

export interface RecorderOptions {
  store: MediaStore;
  index: ClipIndex;
  ffmpeg: string;
  clock: Clock;
  clipSeconds: number;
  hlsSeconds: number;
  /** write the low-latency live stream too (on by default) */
  liveStream?: boolean;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

const BACKOFF_SECONDS = [1, 2, 5, 10, 20, 30, 60];
/** A finished clip while it is rewritten as a fast-start MP4 (removed by reconcile if a crash interrupts it). */
const REWRITE_SUFFIX = '.faststart.tmp.mp4';

/** Records one camera: supervises its ffmpeg, turns finished segments into indexed clips, reconnects with backoff. */
export class CameraRecorder {
  private child: ChildProcess | undefined;
  private status: RecorderStatus;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  private healthTimer: NodeJS.Timeout | undefined;
  private lastError: string | null = null;
  /**
   * Wall-clock time (epoch ms) of time 0 of this connection's timestamps. ffmpeg lists a clip as finished when the
   * first packet of the next one arrives, so (arrival of the line - clip end) is that time plus delays: the least
   * such figure of the connection is the best estimate. Null until the first clip of a connection is listed.
   */
  private connectionEpochMs: number | null = null;
  /** this connection's live picture has been made the camera's thumbnail */
  private liveThumbnail = false;
  /** clip files are finished one after another, in order */
  private queue: Promise<void> = Promise.resolve();
  /** the low-latency live stream, fanned out to viewers and analyzers */
  readonly feed = new LiveFeed();

  constructor(
    readonly source: CameraSource,
    private readonly o: RecorderOptions,
  ) {
    this.status = { state: 'stopped', since: o.clock.now(), error: null };
  }

  get clipDir(): string {
    return this.o.store.clipDir(this.source.uuid);
  }
  private get liveDir(): string {
    return this.o.store.liveDir(this.source.uuid);
  }
  private get pidFile(): string {
    return join(this.o.store.root, 'live', `${this.source.uuid}.pid`);
  }

  snapshot(): RecorderStatus {
    return { ...this.status };
  }

  private setState(state: RecorderStateName, error: string | null = null): void {
    if (this.status.state !== state) this.status = { state, since: this.o.clock.now(), error };
    else this.status.error = error;
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.killStaleProcess();
    await this.reconcile();
    this.spawn();
    this.healthTimer = setInterval(() => this.checkHealth(), 2000);
    this.healthTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.healthTimer);
    const child = this.child;
    // Until its 'close' (this.child is cleared there) the clips it wrote are not queued for finishing: wait for it even
    // when it has already exited on its own (its pipes may still be draining).
    if (child) {
      await new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGINT');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }
      });
    }
    await this.queue;
    this.feed.stop();
    this.setState('stopped');
  }

  /** A recorder that died with kill -9 may have left its ffmpeg running: end it before starting another. */
  private killStaleProcess(): void {
    if (!existsSync(this.pidFile)) return;
    const pid = Number(readFileSync(this.pidFile, 'utf8'));
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(this.liveDir)) process.kill(pid, 'SIGKILL');
    } catch {
      // not running any more
    }
    rmSync(this.pidFile, { force: true });
  }

  private spawn(): void {
    const liveDir = this.liveDir;
    rmSync(liveDir, { recursive: true, force: true });
    mkdirSync(liveDir, { recursive: true });
    this.setState('connecting', this.lastError);
    let input: string;
    try {
      input = recorderInput(this.source.url);
    } catch (err) {
      this.setState('offline', (err as Error).message);
      return;
    }
    const args = recorderArgs({
      liveDir: this.liveDir,
      clipSeconds: this.o.clipSeconds,
      hlsSeconds: this.o.hlsSeconds,
      hlsListSize: HLS_LIST_SIZE,
      liveStream: this.o.liveStream !== false,
    });
    this.connectionEpochMs = null;
    this.liveThumbnail = false;
    const child = spawn(this.o.ffmpeg, args, {
      cwd: this.clipDir,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: childEnv(process.env, { set: { TZ: 'UTC' } }),
    });
    this.child = child;
    // The camera URL (password included) goes in on stdin, never on the command line.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(input);
    this.feed.restart();
    const live = child.stdio[3] as NodeJS.ReadableStream | null;
    live?.on('data', (chunk: Buffer) => {
      try {
        if (this.child === child) this.feed.push(chunk);
      } catch (err) {
        this.o.log.warn({ err, camera: this.source.uuid }, 'live stream unreadable; reconnecting');
        child.kill('SIGKILL');
      }
    });
    live?.on('error', () => undefined);
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      // Physical time, as ffmpeg's own arrival stamps are: not the app's clock, which tests move.
      const arrival = Date.now();
      this.queue = this.queue
        .then(() => this.finishSegment(line, arrival))
        .catch((err: unknown) => this.o.log.warn({ err, camera: this.source.uuid }, 'clip not indexed'));
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString().trim();
      // ffmpeg names the input URL, password included, in its errors: never keep (or log, or show) it.
      if (text) this.lastError = redactSecrets(text.split('\n').pop()!).slice(0, 300);
    });
    child.on('error', (error) => (this.lastError = redactSecrets(error.message)));
    child.on('close', (code, signal) => {
      if (this.child === child) this.child = undefined;
      // Clips this connection listed are being finished; any other it was writing is kept up to its last fragment.
      const written = readdirSync(this.clipDir).filter((name) => name.endsWith('.partial.mp4'));
      this.queue = this.queue
        .then(() => this.recoverPartials(written))
        .catch((err: unknown) => this.o.log.warn({ err, camera: this.source.uuid }, 'clip not recovered'));
      if (this.stopping) return;
      this.feed.restart();
      this.failures += 1;
      const wait = BACKOFF_SECONDS[Math.min(this.failures - 1, BACKOFF_SECONDS.length - 1)]!;
      this.setState('offline', this.lastError ?? `ffmpeg exited (${code ?? signal})`);
      this.o.log.warn({ camera: this.source.uuid, code, signal, retryIn: wait, error: this.lastError }, 'camera disconnected');
      this.restartTimer = setTimeout(() => this.spawn(), wait * 1000);
      this.restartTimer.unref();
    });
  }

  /** Recording while the live playlist keeps moving; a connection that stalls for 20 s is restarted. */
  private checkHealth(): void {
    if (!this.child) return;
    const playlist = join(this.liveDir, 'index.m3u8');
    const age = existsSync(playlist) ? this.o.clock.now() - statSync(playlist).mtimeMs : Infinity;
    if (age < Math.max(6000, this.o.hlsSeconds * 4000)) {
      this.failures = 0;
      this.lastError = null;
      this.setState('recording');
      if (!this.liveThumbnail) {
        this.liveThumbnail = true;
        void this.thumbnailFromLive();
      }
    } else if (this.status.state === 'recording' || this.o.clock.now() - (this.status.since ?? 0) > 20_000) {
      this.lastError = 'no video from the camera for 20 seconds';
      // SIGINT first: ffmpeg finishes the clip in progress, so a stalled camera costs only the stall.
      const child = this.child;
      child.kill('SIGINT');
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
    }
  }

  /**
   * Within seconds of recording, the camera's thumbnail is its newest live segment's first picture: a camera card
   * need not wait for the first clip to finish (a minute). Finished clips refresh it afterwards.
   */
  private async thumbnailFromLive(): Promise<void> {
    await writeLiveThumbnail(this.o.ffmpeg, this.liveDir, this.o.store.thumbnail(this.source.uuid)).catch(
      this.warn('live thumbnail failed'),
    );
  }

  /** A handler that logs a failure of this camera's side work (a thumbnail) without stopping the recording. */
  private warn(what: string): (err: unknown) => void {
    return (err) => this.o.log.warn({ err, camera: this.source.uuid }, what);
  }

  private async finishSegment(line: string, arrival: number): Promise<void> {
    const entry = parseSegmentListLine(line);
    if (!entry) return;
    const partial = join(this.clipDir, entry.file);
    const estimate = arrival - entry.endSeconds * 1000;
    this.connectionEpochMs = this.connectionEpochMs === null ? estimate : Math.min(this.connectionEpochMs, estimate);
    await this.finalize(partial, this.connectionEpochMs + entry.endSeconds * 1000);
  }

  /**
   * Rewrites a written (fragmented) clip as a fast-start MP4 named by its start time, syncs and indexes it, makes its
   * first picture the camera's thumbnail, and removes what was written. A clip cut short by a crash keeps every whole
   * fragment; one with none is removed.
   */
  private async finalize(partial: string, endMs: number): Promise<void> {
    // Named per attempt: the rewrite of a recorder killed mid-rewrite may still be running (its ffmpeg outlives it) and,
    // finishing, reopens its output by name to move the header; it must never reopen this attempt's file.
    const rewritten = partial.replace(/\.partial\.mp4$/, `.${process.pid}-${randomBytes(4).toString('hex')}${REWRITE_SUFFIX}`);
    const thumb = this.o.store.thumbnail(this.source.uuid);
    const picture = temporaryThumbnail(thumb);
    try {
      const duration = await finishClipFile(this.o.ffmpeg, partial, rewritten, picture);
      if (duration === null) {
        rmSync(partial, { force: true });
        rmSync(rewritten, { force: true });
        return;
      }
      const startMs = Math.round(endMs - duration * 1000);
      const final = join(this.clipDir, clipFileName(startMs));
      fsyncPath(rewritten);
      renameSync(rewritten, final);
      fsyncPath(this.clipDir);
      rmSync(partial, { force: true });
      await this.index(final, startMs, duration);
      if (existsSync(picture)) placeThumbnail(picture, thumb);
    } finally {
      rmSync(picture, { force: true });
    }
  }

  /** Clips a connection left unfinished (its ffmpeg was killed or crashed): kept up to their last whole fragment. */
  private async recoverPartials(names: string[]): Promise<void> {
    for (const name of names) {
      const path = join(this.clipDir, name);
      if (existsSync(path)) await this.finalize(path, statSync(path).mtimeMs);
    }
  }

  private async index(file: string, startMs: number, durationSeconds: number): Promise<void> {
    await this.o.index.add({
      camera_uuid: this.source.uuid,
      start_ms: startMs,
      duration_ms: Math.round(durationSeconds * 1000),
      size_bytes: statSync(file).size,
      file: this.o.store.relative(file),
    });
  }

  /** Makes the index and the folder agree after a crash: at most the clip in progress is lost. */
  async reconcile(): Promise<void> {
    const indexed = new Set(await this.o.index.filesOf(this.source.uuid));
    const names = readdirSync(this.clipDir);
    for (const name of names) {
      const path = join(this.clipDir, name);
      if (name.endsWith('.partial.mp4')) {
        await this.finalize(path, statSync(path).mtimeMs);
        continue;
      }
      // A rewrite a crash interrupted: its partial is still there and is rewritten again.
      if (name.endsWith(REWRITE_SUFFIX)) {
        rmSync(path, { force: true });
        continue;
      }
      const rel = this.o.store.relative(path);
      const startMs = parseClipFileName(name);
      if (startMs === null || indexed.has(rel)) continue;
      const duration = mp4Duration(path) ?? (await probeDuration(this.o.ffmpeg, path));
      if (duration === null) unlinkSync(path);
      else {
        await this.index(path, startMs, duration);
        await writeThumbnail(this.o.ffmpeg, path, this.o.store.thumbnail(this.source.uuid)).catch(this.warn('thumbnail failed'));
      }
    }
    const present = new Set(readdirSync(this.clipDir).map((n) => this.o.store.relative(join(this.clipDir, n))));
    const missing = [...indexed].filter((f) => !present.has(f));
    if (missing.length > 0) await this.o.index.removeFiles(this.source.uuid, missing);
  }
}
