import { childEnv } from '@vigil/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** One decoded frame: RGB, 3 bytes a pixel, and when it was filmed (epoch ms). */
export interface Frame {
  rgb: Buffer;
  width: number;
  height: number;
  capturedAt: number;
}

/** ffmpeg's showinfo line for a frame: its presentation time and size. */
export function parseShowinfo(line: string): { pts: number; width: number; height: number } | null {
  const m = /\bpts_time:\s*(-?[\d.]+).*?\bs:(\d+)x(\d+)/.exec(line);
  if (!m || !line.includes('showinfo')) return null;
  return { pts: Number(m[1]), width: Number(m[2]), height: Number(m[3]) };
}

export interface FrameReaderArgs {
  /** frames per second ffmpeg hands over at most (the sampler picks from these); null: every frame (an exit's) */
  maxFps: number | null;
  /** frames wider than this are scaled down (the models see no more) */
  maxWidth: number;
}

/**
 * Decodes the camera's low-latency stream (fragmented MP4, piped in on stdin) and hands over raw frames with their
 * showinfo line, at most `maxFps` a second. Timestamps are kept as the stream has them (-copyts): seconds of media time,
 * which the stream's epoch turns into filming time. A frame leaves as soon as it is decoded: one decoding thread (frame
 * threads hold two or three frames back, 0.4–0.6 s at 5 fps) and low-delay decoding; an exit's reader has no rate
 * filter either (it holds a frame back until it sees the next).
 */
export function frameReaderArgs(o: FrameReaderArgs): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'info',
    '-copyts',
    '-threads',
    '1',
    '-flags',
    'low_delay',
    '-f',
    'mp4',
    '-i',
    'pipe:0',
    '-an',
    '-vf',
    `${o.maxFps === null ? '' : `fps=${o.maxFps},`}scale='min(${o.maxWidth},iw)':-2,showinfo`,
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
export function readerError(problem: { status: number } | { error: unknown } | { line: string }): string {
  if ('status' in problem) {
    if (problem.status === 404) return 'no live video from the recorder yet (is the camera recording?)';
    if (problem.status === 403) return "this analyzer's lease on the camera has ended";
    return `the server answered ${problem.status}`;
  }
  if ('error' in problem) {
    const cause = (problem.error as { cause?: { code?: string } } | null)?.cause?.code;
    if (cause === 'ECONNREFUSED' || cause === 'ECONNRESET' || cause === 'UND_ERR_CONNECT_TIMEOUT')
      return 'the Vigil server cannot be reached';
    return 'the live video could not be read';
  }
  return problem.line
    .replace(/https?:\/\/\S+/g, 'the live video')
    .replace(/^\[[^\]]*\]\s*/, '')
    .slice(0, 200);
}

export interface FrameSourceOptions extends FrameReaderArgs {
  ffmpeg: string;
  /** the camera's low-latency stream (an HTTP response of fragmented MP4 with a Vigil-Stream-Epoch-Ms header) */
  url: string;
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
  private abort: AbortController | null = null;
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
    this.timer = null;
    if (this.stopped) return;
    this.lastFrameAt = this.now();
    const abort = new AbortController();
    this.abort = abort;
    fetch(this.o.url, { signal: abort.signal }).then(
      (response) => {
        const epoch = Number(response.headers.get('vigil-stream-epoch-ms'));
        if (!response.ok || !response.body || !Number.isFinite(epoch)) {
          void response.body?.cancel();
          return this.retry(readerError({ status: response.status }));
        }
        this.decode(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), epoch, abort);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) this.retry(readerError({ error }));
      },
    );
  }

  /** ffmpeg decodes the stream piped in; a frame's filming time is the stream's epoch plus its media time. */
  private decode(stream: Readable, epochMs: number, abort: AbortController): void {
    // The video is untrusted: its ffmpeg never sees the analyzer's key.
    const child = spawn(this.o.ffmpeg, frameReaderArgs(this.o), { stdio: ['pipe', 'pipe', 'pipe'], env: childEnv(process.env) });
    this.child = child;
    stream.on('error', () => child.kill('SIGKILL'));
    stream.pipe(child.stdin!).on('error', () => undefined);
    const assembler = new FrameAssembler((f) => {
      this.failures = 0;
      this.lastFrameAt = this.now();
      this.o.onFrame({ rgb: f.rgb, width: f.width, height: f.height, capturedAt: Math.round(epochMs + f.pts * 1000) });
    });
    child.stdout!.on('data', (chunk: Buffer) => assembler.data(chunk));
    let lastError = '';
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (line.includes('showinfo')) assembler.describe(line);
      else if (/error|failed|invalid/i.test(line)) lastError = readerError({ line });
    });
    child.on('error', (error) => (lastError = error.message));
    child.on('close', (code) => {
      abort.abort();
      if (this.child === child) this.child = null;
      if (this.stopped) return;
      this.retry(lastError || `the video reader ended (${code})`);
    });
  }

  private retry(message: string): void {
    if (this.stopped) return;
    this.o.onError(message);
    const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
    this.failures += 1;
    this.timer = setTimeout(() => this.start(), wait);
    this.timer.unref();
  }

  private checkStall(): void {
    if (this.now() - this.lastFrameAt <= (this.o.stallMs ?? 15_000)) return;
    if (this.child) {
      this.o.onError('no video for 15 seconds');
      this.child.kill('SIGKILL');
    } else if (this.abort && !this.timer) {
      // still waiting for the stream's first bytes (the recorder is connecting): ask again
      this.abort.abort();
      this.retry('no video for 15 seconds');
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.watchdog);
    if (this.timer) clearTimeout(this.timer);
    this.abort?.abort();
    this.child?.kill('SIGTERM');
    this.child = null;
  }
}

/**
 * Takes frames at `fps` by the time they were filmed, whatever the rate they arrive at (a stream may hand over a burst
 * at once): a frame is taken when its time reaches the next slot, and slots advance by a fixed step, so the rate holds
 * on average without drifting. A jump back in time (a new stream) or a long gap starts the slots afresh. The rate may
 * change from one frame to the next (an exit samples faster while something moves there): the next slot is then
 * brought forward to at most one new step away.
 */
export class FrameSampler {
  private next: number | null = null;
  private step: number;

  constructor(fps: number) {
    this.step = FrameSampler.stepOf(fps);
  }

  private static stepOf(fps: number): number {
    if (!(fps > 0)) throw new Error(`fps must be positive, not ${fps}`);
    return 1000 / fps;
  }

  take(at: number, fps?: number): boolean {
    if (fps !== undefined) {
      const step = FrameSampler.stepOf(fps);
      if (step !== this.step && this.next !== null) this.next = Math.min(this.next, this.next - this.step + step);
      this.step = step;
    }
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
