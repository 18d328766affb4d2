import type { Clip } from '@vigil/contract';

export const clipStartMs = (clip: Clip): number => Date.parse(clip.start);
export const clipEndMs = (clip: Clip): number => Date.parse(clip.start) + clip.duration * 1000;

/** Two playlists as one, ordered by start; for the same start the newer (freshly signed) clip wins. */
export function mergeClips(current: readonly Clip[], incoming: readonly Clip[]): Clip[] {
  const byStart = new Map<number, Clip>();
  for (const clip of current) byStart.set(clipStartMs(clip), clip);
  for (const clip of incoming) byStart.set(clipStartMs(clip), clip);
  return [...byStart.entries()].sort((a, b) => a[0] - b[0]).map(([, clip]) => clip);
}

/** Index of the clip starting at `startMs`, or -1. */
export const indexOfStart = (clips: readonly Clip[], startMs: number): number => clips.findIndex((clip) => clipStartMs(clip) === startMs);

/** The wall-clock time shown by a clip `seconds` into it. */
export const playbackTimeMs = (clip: Clip, seconds: number): number => clipStartMs(clip) + seconds * 1000;
