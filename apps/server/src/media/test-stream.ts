import { childEnv } from '@vigil/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';

/** The test stream's folder in the media folder (one signature covers it) and its playlist. */
export const TEST_STREAM_FOLDER = 'test-stream';
export const TEST_STREAM_PLAYLIST = 'index.m3u8';
export const TEST_STREAM_FILE = /^(index\.m3u8|seg\d{1,10}\.ts)$/;

/** Fonts for the burnt-in time, from Debian's fonts-dejavu-core (scripts/lib/setup.mjs installs it with ffmpeg). */
export const TEST_STREAM_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
];

export interface TestStreamArgsOptions {
  /** the folder the playlist and segments are written to */
  dir: string;
  /** a TrueType font file; null: fontconfig's default sans font */
  fontFile: string | null;
  segmentSeconds: number;
  listSize: number;
}

/**
 * A test picture (lavfi testsrc2) with the server's clock burnt in (UTC, bottom right, as the demo cameras show theirs), encoded to H.264 in real time as a rolling HLS
 * playlist: a player that shows it, ticking, can play live video; so a camera that does not play is the camera's fault.
 */
export function testStreamArgs(o: TestStreamArgsOptions): string[] {
  const fps = 15;
  const font = o.fontFile ? `fontfile='${o.fontFile}'` : 'font=Sans';
  const text = (content: string, size: number, x: string, y: string) =>
    `drawtext=${font}:text='${content}':fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=${x}:y=${y}`;
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=${fps}`,
    '-vf',
    // %T holds no ':' of its own to escape; the '\:' separates the function from its argument.
    [text('Vigil test stream - not a camera', 20, '(w-tw)/2', '16'), text('%{gmtime\\:%Y-%m-%d %T} UTC', 24, 'w-tw-16', 'h-th-24')].join(
      ',',
    ),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    // A keyframe at every segment start, so each segment plays on its own.
    '-g',
    String(fps * o.segmentSeconds),
    '-keyint_min',
    String(fps * o.segmentSeconds),
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(o.segmentSeconds),
    '-hls_list_size',
    String(o.listSize),
    '-hls_flags',
    'delete_segments+independent_segments+temp_file+omit_endlist',
    '-hls_delete_threshold',
    String(o.listSize),
    '-hls_segment_filename',
    join(o.dir, 'seg%d.ts'),
    join(o.dir, TEST_STREAM_PLAYLIST),
  ];
}

export interface TestStreamOptions {
  ffmpeg: string;
  /** the media folder */
  mediaRoot: string;
  clock: Clock;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** the generator stops when nobody has fetched its playlist for this long */
  idleMs?: number;
  /** how often that is checked */
  idleCheckMs?: number;
  /** how long the first segment may take */
  startTimeoutMs?: number;
  fonts?: readonly string[];
}

/**
 * The server's one test-stream generator (an ffmpeg), started on demand, stopped when its playlist has not been fetched
 * for a minute, or when the server closes.
 */
export class TestStreamGenerator {
  private child: ChildProcess | undefined;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private lastFetch = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  readonly dir: string;
  private readonly pidFile: string;

  constructor(private readonly o: TestStreamOptions) {
    this.dir = join(o.mediaRoot, TEST_STREAM_FOLDER);
    this.pidFile = join(o.mediaRoot, `${TEST_STREAM_FOLDER}.pid`);
  }

  running(): boolean {
    return this.child !== undefined && this.starting === null && this.stopping === null;
  }

  /** Someone is watching: the idle countdown starts over. */
  touch(): void {
    this.lastFetch = this.o.clock.now();
  }

  /** Resolves once the playlist exists, starting the generator when it is not running. */
  ensureRunning(): Promise<void> {
    this.touch();
    if (this.starting) return this.starting;
    if (this.child && !this.stopping) return Promise.resolve();
    const stopped = this.stopping ?? Promise.resolve();
    this.starting = stopped.then(() => this.start()).finally(() => (this.starting = null));
    return this.starting;
  }

  /** A playlist or segment, read whole (the muxer deletes old segments all the time); null when it is not there. */
  async read(file: string): Promise<Buffer | null> {
    if (!TEST_STREAM_FILE.test(file)) return null;
    return readFile(join(this.dir, file)).catch(() => null);
  }

  /** Ends the generator (idle, or the server closes) and removes its files. */
  stop(): Promise<void> {
    this.stopping ??= this.halt().finally(() => (this.stopping = null));
    return this.stopping;
  }

  private async halt(): Promise<void> {
    clearInterval(this.idleTimer);
    this.idleTimer = undefined;
    const child = this.child;
    // Forgotten first: its end is expected, not a failure to report.
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    }
    rmSync(this.pidFile, { force: true });
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async start(): Promise<void> {
    this.killStaleProcess();
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    const fontFile = (this.o.fonts ?? TEST_STREAM_FONTS).find((font) => existsSync(font)) ?? null;
    const args = testStreamArgs({ dir: this.dir, fontFile, segmentSeconds: 2, listSize: 6 });
    const child = spawn(this.o.ffmpeg, args, { cwd: this.dir, stdio: ['ignore', 'ignore', 'pipe'], env: childEnv(process.env) });
    this.child = child;
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    let lastError = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString().trim();
      if (text) lastError = text.split('\n').pop()!.slice(0, 300);
    });
    const exited = new Promise<string>((resolve) => {
      child.on('error', (error) => resolve(error.message));
      child.on('close', (code, signal) => {
        if (this.child === child) {
          this.child = undefined;
          clearInterval(this.idleTimer);
          this.o.log.warn({ code, signal, error: lastError }, 'test stream generator ended');
        }
        resolve(lastError || `ffmpeg exited (${code ?? signal})`);
      });
    });
    const ready = await this.waitForPlaylist(exited);
    if (ready !== true) {
      await this.stop();
      throw new Error(`The test stream could not start: ${ready}`);
    }
    this.o.log.info({ fontFile }, 'test stream generator started');
    this.idleTimer = setInterval(() => {
      if (this.o.clock.now() - this.lastFetch > (this.o.idleMs ?? 60_000)) {
        this.o.log.info({}, 'test stream unwatched: generator stopped');
        void this.stop();
      }
    }, this.o.idleCheckMs ?? 5000);
    this.idleTimer.unref();
  }

  /** true once the playlist is written; otherwise why not (ffmpeg ended, or took too long). */
  private async waitForPlaylist(exited: Promise<string>): Promise<true | string> {
    const playlist = join(this.dir, TEST_STREAM_PLAYLIST);
    const deadline = Date.now() + (this.o.startTimeoutMs ?? 20_000);
    let ended: string | null = null;
    void exited.then((why) => (ended = why));
    while (!existsSync(playlist)) {
      if (ended !== null) return ended;
      if (Date.now() > deadline) return `no video after ${Math.round((this.o.startTimeoutMs ?? 20_000) / 1000)} seconds`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return true;
  }

  /** A server that died with kill -9 may have left its generator running: end it before starting another. */
  private killStaleProcess(): void {
    if (!existsSync(this.pidFile)) return;
    const pid = Number(readFileSync(this.pidFile, 'utf8'));
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(this.dir)) process.kill(pid, 'SIGKILL');
    } catch {
      // not running any more
    }
    rmSync(this.pidFile, { force: true });
  }
}
