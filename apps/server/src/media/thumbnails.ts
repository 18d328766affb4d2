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

/** A name of its own for a picture being made for `thumb`: the live picture and a finished clip's may be made at once. */
export const temporaryThumbnail = (thumb: string): string => `${thumb}.${randomUUID()}.tmp.jpg`;

/** Makes a picture written to `temporary` the camera's thumbnail by rename (readers see the old or the new one whole). */
export function placeThumbnail(temporary: string, thumb: string): void {
  renameSync(temporary, thumb);
}

/** Makes `thumb` the first picture of `source` (a clip or a live segment), replacing the old one by rename. */
export async function writeThumbnail(ffmpeg: string, source: string, thumb: string): Promise<void> {
  const temporary = temporaryThumbnail(thumb);
  try {
    await runFfmpeg(ffmpeg, thumbnailArgs(source, temporary), 15_000);
    placeThumbnail(temporary, thumb);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The camera's thumbnail from its live picture: the newest segment of its live folder. */
export async function writeLiveThumbnail(ffmpeg: string, liveDir: string, thumb: string): Promise<void> {
  const newest = newestLiveSegment(readFileSync(join(liveDir, 'index.m3u8'), 'utf8'));
  if (newest) await writeThumbnail(ffmpeg, join(liveDir, newest), thumb);
}
