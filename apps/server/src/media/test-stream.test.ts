import { describe, expect, it } from 'vitest';
import { TEST_STREAM_FILE, testStreamArgs } from './test-stream.js';

const options = {
  dir: '/data/media/test-stream',
  fontFile: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf',
  segmentSeconds: 2,
  listSize: 6,
};
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('testStreamArgs', () => {
  it('makes a real-time test picture into a rolling HLS playlist in the folder', () => {
    const args = testStreamArgs(options);
    expect(args.indexOf('-re')).toBeLessThan(args.indexOf('-i'));
    expect(after(args, '-f')).toBe('lavfi');
    expect(after(args, '-i')).toMatch(/^testsrc2=/);
    expect(after(args, '-c:v')).toBe('libx264');
    expect(after(args, '-pix_fmt')).toBe('yuv420p');
    expect(after(args, '-hls_time')).toBe('2');
    expect(after(args, '-hls_list_size')).toBe('6');
    expect(after(args, '-hls_flags')).toContain('delete_segments');
    expect(after(args, '-hls_flags')).toContain('omit_endlist');
    expect(after(args, '-hls_segment_filename')).toBe('/data/media/test-stream/seg%d.ts');
    expect(args.at(-1)).toBe('/data/media/test-stream/index.m3u8');
  });

  it("burns in the server's clock in UTC with the font given, or fontconfig sans without one", () => {
    const filters = after(testStreamArgs(options), '-vf')!;
    expect(filters).toContain("fontfile='/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf'");
    expect(filters).toContain("text='%{gmtime\\:%Y-%m-%d %T} UTC'");
    expect(filters).toContain('Vigil test stream');
    expect(after(testStreamArgs({ ...options, fontFile: null }), '-vf')).toContain('font=Sans');
  });

  it('starts every segment with a keyframe', () => {
    const args = testStreamArgs({ ...options, segmentSeconds: 3 });
    expect(after(args, '-g')).toBe(after(args, '-keyint_min'));
    expect(Number(after(args, '-g')) % 3).toBe(0);
    expect(after(args, '-sc_threshold')).toBe('0');
  });

  it('serves only the playlist and its segments', () => {
    expect(TEST_STREAM_FILE.test('index.m3u8')).toBe(true);
    expect(TEST_STREAM_FILE.test('seg12.ts')).toBe(true);
    expect(TEST_STREAM_FILE.test('../secret.key')).toBe(false);
    expect(TEST_STREAM_FILE.test('index.m3u8.tmp')).toBe(false);
  });
});
