import { describe, expect, it } from 'vitest';
import {
  clipFileName,
  finishClipArgs,
  longClipArgs,
  parseClipFileName,
  parseDuration,
  parseSegmentListLine,
  recorderArgs,
  recorderInput,
  thumbnailArgs,
} from './ffmpeg.js';

/** The value that follows the first `flag` in an argument list. */
function valueOf(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

/** True when `needle` appears in `args` as consecutive entries. */
function hasRun(args: string[], ...needle: string[]): boolean {
  return args.some((_, i) => needle.every((value, j) => args[i + j] === value));
}

describe('recorderArgs', () => {
  const options = {
    liveDir: '/data/live/cam-1',
    clipSeconds: 60,
    hlsSeconds: 2,
    hlsListSize: 6,
  };
  const args = recorderArgs(options);

  it('reads the camera once, from the concat script on stdin, keeping its timestamps through -copyts', () => {
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(valueOf(args, '-i')).toBe('pipe:0');
    expect(hasRun(args, '-f', 'concat', '-safe', '0')).toBe(true);
    expect(valueOf(args, '-protocol_whitelist')?.split(',')).toEqual(expect.arrayContaining(['pipe', 'rtsp', 'rtsps', 'tcp', 'tls']));
    expect(args).toContain('-copyts');
    expect(args.indexOf('-copyts')).toBeGreaterThan(args.indexOf('-i'));
  });

  it('drops the packets read while probing and does not count frames for a frame rate', () => {
    expect(hasRun(args, '-fflags', 'nobuffer')).toBe(true);
    expect(hasRun(args, '-fpsprobesize', '0')).toBe(true);
    expect(args.indexOf('-fflags')).toBeLessThan(args.indexOf('-i'));
  });

  it('copies the video to both outputs without transcoding', () => {
    const codecs = args.flatMap((a, i) => (a === '-c' || a.startsWith('-c:') || a.startsWith('-codec') ? [args[i + 1]] : []));
    expect(codecs).toEqual(['copy', 'copy']);
    expect(args.filter((a) => a === '-map')).toHaveLength(2);
    expect(args.some((a) => /^(libx26|-vf$|-filter|-b:v)/.test(a))).toBe(false);
  });

  it('cuts clips of clipSeconds aligned to the clock, each starting at time 0, and lists finished ones on stdout', () => {
    expect(hasRun(args, '-f', 'segment')).toBe(true);
    expect(valueOf(args, '-segment_time')).toBe('60');
    expect(hasRun(args, '-segment_atclocktime', '1')).toBe(true);
    expect(hasRun(args, '-reset_timestamps', '1')).toBe(true);
    expect(valueOf(args, '-segment_format_options')).toContain('avoid_negative_ts=make_zero');
    expect(valueOf(args, '-segment_list')).toBe('pipe:1');
    expect(valueOf(args, '-segment_list_type')).toBe('csv');
    expect(valueOf(recorderArgs({ ...options, clipSeconds: 30 }), '-segment_time')).toBe('30');
  });

  it('writes a rolling HLS playlist of hlsSeconds segments under liveDir', () => {
    expect(hasRun(args, '-f', 'hls')).toBe(true);
    expect(valueOf(args, '-hls_time')).toBe('2');
    expect(valueOf(args, '-hls_list_size')).toBe('6');
    expect(valueOf(recorderArgs({ ...options, hlsSeconds: 4 }), '-hls_time')).toBe('4');
    expect(valueOf(args, '-hls_flags')).toContain('delete_segments');
    expect(valueOf(args, '-hls_segment_filename')?.startsWith('/data/live/cam-1/')).toBe(true);
    expect(args[args.length - 1]).toBe('/data/live/cam-1/index.m3u8');
  });
});

describe('recorderInput', () => {
  const url = 'rtsp://admin:pw@10.0.0.20:554/Streaming/Channels/101';

  it('names the camera in a one-entry concat script, with the connection options of that entry', () => {
    const lines = recorderInput(url).trimEnd().split('\n');
    expect(lines[0]).toBe('ffconcat version 1.0');
    expect(lines[1]).toBe(`file '${url}'`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'option rtsp_transport tcp',
        'option fflags nobuffer',
        'option fpsprobesize 0',
        'option use_wallclock_as_timestamps 1',
      ]),
    );
    expect(lines.filter((l) => l.startsWith('file '))).toHaveLength(1);
  });

  it('asks for RTSP over TCP only for rtsp inputs', () => {
    expect(recorderInput('rtsps://cam:322/live')).toContain('option rtsp_transport tcp');
    for (const input of ['/data/demo/lobby.mp4', 'http://10.0.0.5/stream.m3u8']) {
      const script = recorderInput(input);
      expect(script).not.toContain('rtsp_transport');
      expect(script).toContain(`file '${input}'`);
      expect(script).toContain('option use_wallclock_as_timestamps 1');
    }
  });

  it('quotes a single quote so it cannot end the entry, and refuses line breaks', () => {
    expect(recorderInput("rtsp://u:it's@cam/live")).toContain("file 'rtsp://u:it'\\''s@cam/live'");
    for (const bad of ['rtsp://cam/live\noption x y', 'rtsp://cam/live\rfile /etc/passwd', 'rtsp://cam/\0']) {
      expect(() => recorderInput(bad)).toThrow(/line break/);
    }
  });
});

describe('parseSegmentListLine', () => {
  it('reads the file name and the end time of a CSV row', () => {
    expect(parseSegmentListLine('a.partial.mp4,0.000,1795326040.42')).toEqual({ file: 'a.partial.mp4', endSeconds: 1795326040.42 });
    expect(parseSegmentListLine('20261122T053400Z.partial.mp4,1795326000.000000,1795326060.020000\n')).toEqual({
      file: '20261122T053400Z.partial.mp4',
      endSeconds: 1795326060.02,
    });
  });

  it('keeps commas inside the file name', () => {
    expect(parseSegmentListLine('a,b,c.mp4,1.5,2.5')).toEqual({ file: 'a,b,c.mp4', endSeconds: 2.5 });
  });

  it("unquotes a file name the way ffmpeg's CSV quotes it", () => {
    // ffmpeg writes a name holding a comma or quote in double quotes, with inner quotes doubled.
    expect(parseSegmentListLine('"a,b.partial.mp4",0.000000,3.200000')).toEqual({ file: 'a,b.partial.mp4', endSeconds: 3.2 });
    expect(parseSegmentListLine('"a,b""0.mp4",0.000000,3.200000')).toEqual({ file: 'a,b"0.mp4', endSeconds: 3.2 });
  });

  it('returns null for malformed rows', () => {
    for (const line of ['', '   ', 'a.mp4', 'a.mp4,1.0', ',0.000,1.0', 'a.mp4,0.000,abc', 'a.mp4,0.000,', 'a.mp4,,1.0', 'a.mp4,x,1.0']) {
      expect(parseSegmentListLine(line), JSON.stringify(line)).toBeNull();
    }
  });
});

describe('clipFileName / parseClipFileName', () => {
  it('names a clip by its UTC start with milliseconds', () => {
    expect(clipFileName(Date.UTC(2026, 10, 22, 5, 34, 48, 330))).toBe('20261122T053448330Z.mp4');
    expect(clipFileName(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('20260102T030405006Z.mp4');
  });

  it('round-trips for several instants', () => {
    for (const ms of [
      Date.UTC(2026, 10, 22, 5, 34, 48, 330),
      Date.UTC(2026, 0, 1, 0, 0, 0, 0),
      Date.UTC(2025, 11, 31, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29, 12, 0, 0, 1),
      1795326040420,
    ]) {
      expect(parseClipFileName(clipFileName(ms)), String(ms)).toBe(ms);
    }
  });

  it('sorts names in time order', () => {
    const times = [1795326040420, 1795326000000, 1795326100001, 1700000000000];
    const names = times.map(clipFileName);
    expect([...names].sort().map(parseClipFileName)).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses other names', () => {
    for (const name of [
      '20261122T053448330Z.partial.mp4',
      '20261122T053448Z.partial.mp4',
      '20261122T053448Z.mp4',
      '20261122T053448330Z.ts',
      '20261122T053448330.mp4',
      '2026-11-22T05:34:48.330Z.mp4',
      'x20261122T053448330Z.mp4',
      '20261122T053448330Z.mp4.tmp',
      'index.m3u8',
      '',
    ]) {
      expect(parseClipFileName(name), name).toBeNull();
    }
  });
});

describe('parseDuration', () => {
  it('reads the duration from ffmpeg stderr', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clips/cam/20261122T053448330Z.mp4':",
      '  Metadata:',
      '    major_brand     : isom',
      '  Duration: 00:01:00.04, start: 0.000000, bitrate: 1843 kb/s',
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080, 1840 kb/s, 15 fps',
      'At least one output file must be specified',
    ].join('\n');
    expect(parseDuration(stderr)).toBeCloseTo(60.04, 6);
  });

  it('adds hours and minutes', () => {
    expect(parseDuration('  Duration: 01:02:03.50, start: 0.000000')).toBeCloseTo(3723.5, 6);
    expect(parseDuration('  Duration: 00:00:07, start: 0.000000')).toBe(7);
  });

  it('is null for N/A, zero and missing durations', () => {
    expect(parseDuration('  Duration: N/A, start: 0.000000, bitrate: N/A')).toBeNull();
    expect(parseDuration('  Duration: 00:00:00.00, start: 0.000000')).toBeNull();
    expect(parseDuration('moov atom not found')).toBeNull();
    expect(parseDuration('')).toBeNull();
  });
});

describe('longClipArgs', () => {
  const args = longClipArgs('/data/exports/list.txt', 12.5, 3600, '/data/exports/out.mp4');

  it('joins clips with the concat demuxer, allowing absolute paths', () => {
    expect(hasRun(args, '-f', 'concat', '-safe', '0', '-i', '/data/exports/list.txt')).toBe(true);
  });

  it('trims to the range with 3-decimal -ss and -t after the input', () => {
    expect(valueOf(args, '-ss')).toBe('12.500');
    expect(valueOf(args, '-t')).toBe('3600.000');
    expect(args.indexOf('-ss')).toBeGreaterThan(args.indexOf('-i'));
    const fine = longClipArgs('l.txt', 0, 1 / 3, 'o.mp4');
    expect(valueOf(fine, '-ss')).toBe('0.000');
    expect(valueOf(fine, '-t')).toBe('0.333');
  });

  it('copies without transcoding into a fast-start MP4 at the output path', () => {
    expect(hasRun(args, '-c', 'copy')).toBe(true);
    expect(valueOf(args, '-movflags')).toBe('+faststart');
    expect(hasRun(args, '-f', 'mp4')).toBe(true);
    expect(args).toContain('-y');
    expect(args[args.length - 1]).toBe('/data/exports/out.mp4');
  });
});

describe('finishClipArgs', () => {
  it('copies the fragmented clip into a fast-start MP4 and decodes nothing without a picture', () => {
    const args = finishClipArgs('/c/a.partial.mp4', '/c/a.faststart.tmp.mp4');
    expect(hasRun(args, '-i', '/c/a.partial.mp4', '-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart')).toBe(true);
    expect(args[args.length - 1]).toBe('/c/a.faststart.tmp.mp4');
    expect(args).not.toContain('-skip_frame');
  });

  it('writes the first picture in the same run, decoding key frames only', () => {
    const args = finishClipArgs('/c/a.partial.mp4', '/c/a.faststart.tmp.mp4', '/t/cam.x.tmp.jpg');
    expect(hasRun(args, '-skip_frame', 'nokey', '-i', '/c/a.partial.mp4')).toBe(true);
    const picture = args.indexOf('/c/a.faststart.tmp.mp4') + 1;
    expect(args.slice(picture)).toEqual([
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      'scale=320:-2',
      '-q:v',
      '6',
      '-f',
      'image2',
      '-update',
      '1',
      '-y',
      '/t/cam.x.tmp.jpg',
    ]);
  });
});

describe('thumbnailArgs', () => {
  it('takes one frame of the clip into the output image', () => {
    const args = thumbnailArgs('/data/clips/cam/20261122T053448330Z.mp4', '/data/thumbs/cam.jpg');
    expect(valueOf(args, '-i')).toBe('/data/clips/cam/20261122T053448330Z.mp4');
    expect(hasRun(args, '-frames:v', '1')).toBe(true);
    expect(hasRun(args, '-f', 'image2')).toBe(true);
    expect(args).toContain('-y');
    expect(args[args.length - 1]).toBe('/data/thumbs/cam.jpg');
  });
});
