import { childEnv } from '@vigil/contract';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';

/** What the recorder asks of ffmpeg for one camera: clips aligned to the wall clock, a rolling live playlist and a low-latency stream, from one connection, copied. */
export interface RecorderArgsOptions {
  liveDir: string;
  clipSeconds: number;
  hlsSeconds: number;
  hlsListSize: number;
  /** also write the low-latency live stream, fragmented MP4 with one frame a fragment, to file descriptor 3 */
  liveStream?: boolean;
}

/**
 * The low-latency output: fragmented MP4 (one fragment a frame, so a frame leaves as soon as the next one arrives),
 * flushed at every packet, for MSE players and the analyzer. The mp4 muxer cannot start from a packet without a
 * timestamp (the first one of an RTSP connection often is one), so those are dropped; the stream starts at time 0.
 */
export const LIVE_STREAM_ARGS = [
  '-map',
  '0:v:0',
  '-c',
  'copy',
  '-bsf:v',
  'noise=drop=eq(pts\\,nopts)',
  '-f',
  'mp4',
  '-movflags',
  'frag_every_frame+empty_moov+default_base_moof',
  '-flush_packets',
  '1',
  'pipe:3',
];

/** The protocols a camera URL may use, and those ffmpeg needs beneath them (the list itself arrives on a pipe). */
const CAMERA_PROTOCOLS = 'pipe,rtsp,rtsps,rtp,srtp,tcp,udp,tls,http,https,httpproxy,hls,crypto,file';

/**
 * How the camera is opened, as options of the camera's own connection:
 * - packets are stamped by arrival (wall-clock timestamps, so a clip's times are the time it was filmed);
 * - the packets ffmpeg reads while probing the connection are dropped (nobuffer): they arrive in one burst that would
 *   carry one arrival time, and without them the recording starts at the first key frame after the connection is live;
 * - the probe stops once the codec is known instead of counting frames for a frame rate (fpsprobesize 0), so that
 *   first key frame comes within a second or two of connecting, not after five.
 */
function cameraOptions(url: string): [string, string][] {
  const rtsp = /^rtsps?:/i.test(url)
    ? ([
        ['rtsp_transport', 'tcp'],
        ['timeout', '10000000'],
      ] as [string, string][])
    : [];
  return [...rtsp, ['fflags', 'nobuffer'], ['fpsprobesize', '0'], ['use_wallclock_as_timestamps', '1']];
}

/** A value in an ffconcat script: single-quoted, an inner quote closed, escaped and reopened. */
const ffconcatQuote = (value: string): string => `'${value.replace(/'/g, "'\\''")}'`;

/**
 * The one-entry concat script the recorder writes to ffmpeg's standard input. It carries the camera URL, password
 * included, so that the URL is never in ffmpeg's argv, which every user of the machine can read (`ps`,
 * /proc/<pid>/cmdline). ffmpeg has no other way to take an input URL off its command line (no `-/i` before 7.0).
 */
export function recorderInput(url: string): string {
  // A line break would end the entry and start a directive of the caller's choosing.
  if (/[\r\n\0]/.test(url)) throw new Error('a camera URL cannot hold a line break');
  const lines = ['ffconcat version 1.0', `file ${ffconcatQuote(url)}`];
  for (const [key, value] of cameraOptions(url)) lines.push(`option ${key} ${value}`);
  return `${lines.join('\n')}\n`;
}

/**
 * One camera connection, up to three outputs, no transcoding. The camera comes in through the concat script on
 * standard input (recorderInput). Timestamps are kept (-copyts): they count from the first packet of this
 * connection, so the segment list on stdout reports each finished clip's end as seconds of this connection, which
 * the recorder turns into wall-clock time. Clips are written in the working folder as <open time>.partial.mp4 and
 * each starts at time 0 (the first one too: make_zero); the recorder rewrites them as fast-start clips and indexes them.
 */
export function recorderArgs(o: RecorderArgsOptions): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // The concat demuxer probes the connection again: its probing packets are dropped too.
    '-fflags',
    'nobuffer',
    '-fpsprobesize',
    '0',
    '-f',
    'concat',
    '-safe',
    '0',
    '-protocol_whitelist',
    CAMERA_PROTOCOLS,
    '-i',
    'pipe:0',
    '-copyts',
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'segment',
    '-segment_time',
    String(o.clipSeconds),
    '-segment_atclocktime',
    '1',
    '-reset_timestamps',
    '1',
    '-strftime',
    '1',
    '-segment_format',
    'mp4',
    // Fragmented while written (a fragment a key frame, written out at once): a clip cut short by a crash or a kill -9
    // is readable up to its last fragment, so a fault costs seconds; the recorder rewrites finished clips fast-start.
    '-segment_format_options',
    'movflags=+frag_keyframe+empty_moov+default_base_moof:avoid_negative_ts=make_zero:flush_packets=1',
    '-segment_list',
    'pipe:1',
    '-segment_list_type',
    'csv',
    '-segment_list_flags',
    'live',
    '%Y%m%dT%H%M%SZ.partial.mp4',
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    String(o.hlsSeconds),
    '-hls_list_size',
    String(o.hlsListSize),
    '-hls_flags',
    'delete_segments+independent_segments+temp_file+omit_endlist',
    // Segments that left the playlist stay a few seconds more, for a player that fell behind (no 404 mid-download).
    '-hls_delete_threshold',
    String(o.hlsListSize),
    '-hls_segment_filename',
    `${o.liveDir}/seg%d.ts`,
    `${o.liveDir}/index.m3u8`,
    ...(o.liveStream ? LIVE_STREAM_ARGS : []),
  ];
}

/** A finished clip as the segment list reports it: file name and end time (epoch seconds when wall-clock timestamps are on). */
export function parseSegmentListLine(line: string): { file: string; endSeconds: number } | null {
  const parts = line.trim().split(',');
  if (parts.length < 3) return null;
  const number = (field: string) => (field.trim() === '' ? NaN : Number(field));
  const start = number(parts[parts.length - 2]!);
  const end = number(parts[parts.length - 1]!);
  let file = parts.slice(0, parts.length - 2).join(',');
  // ffmpeg's CSV quotes a name holding a comma, quote or line break and doubles the quotes inside.
  if (file.length >= 2 && file.startsWith('"') && file.endsWith('"')) file = file.slice(1, -1).replace(/""/g, '"');
  if (!file || !Number.isFinite(start) || !Number.isFinite(end)) return null;
  return { file, endSeconds: end };
}

/** The file name of a clip that starts at `startMs`: 20261122T053448330Z.mp4, sortable and parseable. */
export function clipFileName(startMs: number): string {
  return `${new Date(startMs).toISOString().replace(/[-:.]/g, '')}.mp4`;
}

export function parseClipFileName(name: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.mp4$/.exec(name);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!);
}

/** Parses "Duration: 00:01:00.04" from ffmpeg's description of an input. */
export function parseDuration(stderr: string): number | null {
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!m) return null;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return seconds > 0 ? seconds : null;
}

/** Arguments that join clips (a concat list file) into one MP4, trimmed to the range, without transcoding. */
export function longClipArgs(listFile: string, offsetSeconds: number, durationSeconds: number, output: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    listFile,
    '-ss',
    offsetSeconds.toFixed(3),
    '-t',
    durationSeconds.toFixed(3),
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    output,
  ];
}

/** The camera thumbnail's picture: 320 px wide, a JPEG of a few kilobytes. */
const THUMBNAIL_OUTPUT = ['-frames:v', '1', '-vf', 'scale=320:-2', '-q:v', '6', '-f', 'image2', '-update', '1', '-y'];

/**
 * A clip as browsers play it best: the fragmented file the recorder wrote, copied into a fast-start MP4 (index
 * first); with `thumbnail`, the same run also writes the clip's first picture there. One ffmpeg per finished clip:
 * starting ffmpeg costs about 0.1 s of CPU, more than copying a clip. Only key frames are decoded (the copy decodes
 * nothing), so the picture costs one decoded frame a second of video.
 */
export function finishClipArgs(input: string, output: string, thumbnail?: string): string[] {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
  if (thumbnail !== undefined) args.push('-skip_frame', 'nokey');
  args.push('-i', input, '-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', '-y', output);
  if (thumbnail !== undefined) args.push('-map', '0:v:0', ...THUMBNAIL_OUTPUT, thumbnail);
  return args;
}

export function thumbnailArgs(clip: string, output: string): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', clip, ...THUMBNAIL_OUTPUT, output];
}

/** System ffmpeg when present (FFMPEG_PATH overrides), else the one the @ffmpeg-installer/ffmpeg package ships. */
export async function resolveFfmpeg(env: Record<string, string | undefined> = process.env): Promise<string | null> {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  for (const candidate of ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg']) if (existsSync(candidate)) return candidate;
  try {
    const name = '@ffmpeg-installer/ffmpeg';
    const installer = (await import(name)) as { path?: string; default?: { path: string } };
    return installer.path ?? installer.default?.path ?? null;
  } catch {
    return null;
  }
}

/**
 * Runs ffmpeg to completion; resolves with its stderr, rejects on a non-zero exit. With `niceness`, it runs at that
 * lower CPU priority (report work, so alert pictures and the recorder come first).
 */
export function runFfmpeg(ffmpeg: string, args: string[], timeoutMs = 120_000, options: { niceness?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'], env: childEnv(process.env) });
    if (options.niceness && child.pid !== undefined)
      try {
        setPriority(child.pid, options.niceness);
      } catch {
        // a platform that refuses it runs the job at normal priority: the lane still keeps it off the alert slots
      }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 65_536) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** The duration of a media file in seconds, or null when ffmpeg cannot read it (an unfinished clip). */
export async function probeDuration(ffmpeg: string, file: string): Promise<number | null> {
  const stderr = await new Promise<string>((resolve) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: childEnv(process.env),
    });
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', () => resolve(''));
    child.on('close', () => resolve(text));
  });
  if (/moov atom not found|Invalid data found/.test(stderr)) return null;
  return parseDuration(stderr);
}

/** A crop in fractions of the frame (x, y, w, h in 0..1). */
export interface FrameCrop {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One JPEG frame at `offsetSeconds` into a clip, optionally cropped (fractions of the frame), scaled to `width`. */
export function frameArgs(clip: string, offsetSeconds: number, output: string, width: number, crop?: FrameCrop): string[] {
  const f = (n: number) => n.toFixed(4);
  const filters = [
    ...(crop ? [`crop=w=iw*${f(crop.w)}:h=ih*${f(crop.h)}:x=iw*${f(crop.x)}:y=ih*${f(crop.y)}`] : []),
    `scale='min(${width},iw)':-2`,
  ];
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-ss',
    Math.max(0, offsetSeconds).toFixed(3),
    '-i',
    clip,
    '-frames:v',
    '1',
    '-vf',
    filters.join(','),
    '-c:v',
    'mjpeg',
    '-q:v',
    '4',
    '-f',
    'image2',
    '-y',
    output,
  ];
}

/** A face box grown by `margin` of its size on every side and kept inside the frame: the poster shows the head, not just the face. */
export function posterCrop(box: FrameCrop, margin = 0.6): FrameCrop {
  const x = Math.max(0, box.x - box.w * margin);
  const y = Math.max(0, box.y - box.h * margin);
  const right = Math.min(1, box.x + box.w * (1 + margin));
  const bottom = Math.min(1, box.y + box.h * (1 + margin));
  return { x, y, w: right - x, h: bottom - y };
}
