import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runFfmpeg, thumbnailArgs } from './ffmpeg.js';

/** The newest segment a live HLS playlist lists (complete: the muxer renames a segment in when it is done), or null. */
export function newestLiveSegment(playlist: string): string | null {
  return (
    playlist
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'))
      .pop() ?? null
  );
}

/** Makes `thumb` the first picture of `source` (a clip or a live segment), replacing the old one by rename. */
export async function writeThumbnail(ffmpeg: string, source: string, thumb: string): Promise<void> {
  // A name of its own: the live picture and a finished clip's may be made at the same moment.
  const temporary = `${thumb}.${randomUUID()}.tmp.jpg`;
  try {
    await runFfmpeg(ffmpeg, thumbnailArgs(source, temporary), 15_000);
    renameSync(temporary, thumb);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The camera's thumbnail from its live picture: the newest segment of its live folder. */
export async function writeLiveThumbnail(ffmpeg: string, liveDir: string, thumb: string): Promise<void> {
  const newest = newestLiveSegment(readFileSync(join(liveDir, 'index.m3u8'), 'utf8'));
  if (newest) await writeThumbnail(ffmpeg, join(liveDir, newest), thumb);
}
