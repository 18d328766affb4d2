import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishClipArgs, probeDuration, resolveFfmpeg } from './ffmpeg.js';
import { mp4Duration } from './fmp4.js';

const ffmpeg = await resolveFfmpeg();
const dir = mkdtempSync(join(tmpdir(), 'vigil-fmp4-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A clip as the recorder writes one: H.264 with a key frame a second, fragmented MP4 (a fragment per key frame). */
function fragmentedClip(name: string, seconds: number): string {
  const file = join(dir, name);
  execFileSync(ffmpeg!, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=5:duration=${seconds}`],
    ...['-c:v', 'libx264', '-g', '5', '-pix_fmt', 'yuv420p'],
    ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', '-y', file],
  ]);
  return file;
}

describe.skipIf(!ffmpeg)('mp4Duration', () => {
  let partial = '';
  let finished = '';
  let picture = '';
  beforeAll(() => {
    partial = fragmentedClip('clip.partial.mp4', 7);
    finished = join(dir, 'clip.mp4');
    picture = join(dir, 'thumb.jpg');
    execFileSync(ffmpeg!, finishClipArgs(partial, finished, picture));
  });

  it("reads a finished clip's duration from its header, as ffmpeg does", async () => {
    const probed = await probeDuration(ffmpeg!, finished);
    expect(probed).toBeCloseTo(7, 1);
    expect(mp4Duration(finished)).toBeCloseTo(probed!, 2);
  });

  it('finishing a clip also wrote its first picture as a JPEG', () => {
    const jpeg = readFileSync(picture);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpeg.length).toBeGreaterThan(1000);
  });

  it('a clip cut short by a crash keeps its whole fragments, and says how long they are', async () => {
    const bytes = readFileSync(fragmentedClip('long.partial.mp4', 8));
    const cut = join(dir, 'cut.partial.mp4');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const recovered = join(dir, 'cut.mp4');
    execFileSync(ffmpeg!, finishClipArgs(cut, recovered), { stdio: 'ignore' });
    const duration = mp4Duration(recovered)!;
    expect(duration).toBeGreaterThan(2);
    expect(duration).toBeLessThan(8);
    expect(duration).toBeCloseTo((await probeDuration(ffmpeg!, recovered))!, 2);
  });

  it('says nothing of a file without a movie header or duration', () => {
    // The fragmented file's own header states no duration (its fragments do).
    expect(mp4Duration(partial)).toBeNull();
    const text = join(dir, 'not.mp4');
    writeFileSync(text, 'not an mp4 at all, just text that is long enough');
    expect(mp4Duration(text)).toBeNull();
    const empty = join(dir, 'empty.mp4');
    writeFileSync(empty, '');
    expect(mp4Duration(empty)).toBeNull();
  });
});
