import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One decoded frame: RGB, 3 bytes a pixel, and when it was filmed (epoch ms). */
export interface Frame {
  rgb: Buffer;
  width: number;
  height: number;
  capturedAt: number;
}

/** MPEG-TS timestamps are 33 bits of a 90 kHz clock: they wrap every 2^33 / 90,000 s (about 26.5 hours). */
export const MPEGTS_WRAP_SECONDS = 2 ** 33 / 90_000;

/**
 * When a frame was filmed. The recorder stamps packets with the wall clock and keeps those stamps in the live HLS
 * segments, where they wrap every MPEGTS_WRAP_SECONDS; the frame is the one of that wrap nearest to `nowMs` (it was
 * filmed seconds ago, not a day ago).
 */
export function captureTime(ptsSeconds: number, nowMs: number): number {
  const now = nowMs / 1000;
  const wraps = Math.round((now - ptsSeconds) / MPEGTS_WRAP_SECONDS);
  return Math.round((ptsSeconds + wraps * MPEGTS_WRAP_SECONDS) * 1000);
}

/** ffmpeg's showinfo line for a frame: its presentation time and size. */
export function parseShowinfo(line: string): { pts: number; width: number; height: number } | null {
  const m = /\bpts_time:\s*(-?[\d.]+).*?\bs:(\d+)x(\d+)/.exec(line);
  if (!m || !line.includes('showinfo')) return null;
  return { pts: Number(m[1]), width: Number(m[2]), height: Number(m[3]) };
}

export interface FrameReaderArgs {
  url: string;
  /** frames per second ffmpeg hands over at most (the sampler picks from these) */
  maxFps: number;
  /** frames wider than this are scaled down (the models see no more) */
  maxWidth: number;
}

/**
 * Reads a camera's live HLS playlist from its newest segment on, decodes it and hands over raw frames with their
 * showinfo line (for the time), at most `maxFps` a second. Timestamps are kept as the recorder wrote them (-copyts).
 */
export function frameReaderArgs(o: FrameReaderArgs): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'info',
    '-live_start_index',
    '-1',
    '-copyts',
    '-i',
    o.url,
    '-an',
    '-vf',
    `fps=${o.maxFps},scale='min(${o.maxWidth},iw)':-2,showinfo`,
    '-pix_fmt',
    'rgb24',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

/**
 * Pairs ffmpeg's frame descriptions (stderr) with the frame bytes (stdout): each description says how many bytes its
 * frame has. The two pipes are read independently, so either may run ahead of the other.
 */
export class FrameAssembler {
  private readonly pending: { pts: number; width: number; height: number }[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly emit: (frame: { rgb: Buffer; width: number; height: number; pts: number }) => void) {}

  describe(line: string): void {
    const info = parseShowinfo(line);
    if (!info) return;
    this.pending.push(info);
    this.drain();
  }

  data(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.drain();
  }

  private drain(): void {
    for (;;) {
      const next = this.pending[0];
      if (!next) return;
      const size = next.width * next.height * 3;
      if (this.buffered < size) return;
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
      this.pending.shift();
      const rgb = Buffer.from(all.subarray(0, size));
      const rest = all.subarray(size);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
      this.emit({ rgb, width: next.width, height: next.height, pts: next.pts });
    }
  }
}

/** What went wrong reading a camera's live video, in words staff can act on (never the URL: it names the lease). */
export function readerError(line: string): string {
  if (/\b404\b/.test(line)) return 'no live video from the recorder yet (is the camera recording?)';
  if (/\b403\b/.test(line)) return "this analyzer's lease on the camera has ended";
  if (/Connection refused|timed out/i.test(line)) return 'the Vigil server cannot be reached';
  return line
    .replace(/https?:\/\/\S+/g, 'the live video')
    .replace(/^\[[^\]]*\]\s*/, '')
    .slice(0, 200);
}

export interface FrameSourceOptions extends FrameReaderArgs {
  ffmpeg: string;
  now?: () => number;
  onFrame(frame: Frame): void;
  onError(message: string): void;
  /** no frame for this long: the reader is restarted (ms) */
  stallMs?: number;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/** A camera's live video as frames, for as long as it is wanted: ffmpeg restarted with backoff when it ends or stalls. */
export class FrameSource {
  private child: ChildProcess | null = null;
  private stopped = false;
  private failures = 0;
  private lastFrameAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly watchdog: NodeJS.Timeout;

  constructor(private readonly o: FrameSourceOptions) {
    this.start();
    this.watchdog = setInterval(() => this.checkStall(), 2_000);
    this.watchdog.unref();
  }

  private now(): number {
    return this.o.now?.() ?? Date.now();
  }

  private start(): void {
    if (this.stopped) return;
    this.lastFrameAt = this.now();
    const child = spawn(this.o.ffmpeg, frameReaderArgs(this.o), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const assembler = new FrameAssembler((f) => {
      this.failures = 0;
      this.lastFrameAt = this.now();
      this.o.onFrame({ rgb: f.rgb, width: f.width, height: f.height, capturedAt: captureTime(f.pts, this.now()) });
    });
    child.stdout!.on('data', (chunk: Buffer) => assembler.data(chunk));
    let lastError = '';
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (line.includes('showinfo')) assembler.describe(line);
      else if (/error|failed|denied|forbidden|not found/i.test(line)) lastError = readerError(line);
    });
    child.on('error', (error) => (lastError = error.message));
    child.on('close', (code) => {
      if (this.child === child) this.child = null;
      if (this.stopped) return;
      this.o.onError(lastError || `the video reader ended (${code})`);
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
      this.failures += 1;
      this.timer = setTimeout(() => this.start(), wait);
      this.timer.unref();
    });
  }

  private checkStall(): void {
    if (this.child && this.now() - this.lastFrameAt > (this.o.stallMs ?? 15_000)) {
      this.o.onError('no video for 15 seconds');
      this.child.kill('SIGKILL');
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.watchdog);
    if (this.timer) clearTimeout(this.timer);
    this.child?.kill('SIGTERM');
    this.child = null;
  }
}

/**
 * Takes frames at `fps` by the time they were filmed, whatever the rate they arrive at (HLS hands over a whole segment
 * at once): a frame is taken when its time reaches the next slot, and slots advance by a fixed step, so the rate holds
 * on average without drifting. A jump back in time (a new stream) or a long gap starts the slots afresh.
 */
export class FrameSampler {
  private next: number | null = null;
  private readonly step: number;

  constructor(fps: number) {
    if (!(fps > 0)) throw new Error(`fps must be positive, not ${fps}`);
    this.step = 1000 / fps;
  }

  take(at: number): boolean {
    if (this.next !== null && (at < this.next - 2 * this.step || at > this.next + 5 * this.step)) this.next = null;
    if (this.next === null) {
      this.next = at + this.step;
      return true;
    }
    if (at < this.next) return false;
    this.next += this.step;
    if (this.next <= at) this.next = at + this.step;
    return true;
  }
}
