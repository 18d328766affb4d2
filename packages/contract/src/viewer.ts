import { ARCHIVE } from './video.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A camera id from a route counts only when it is a UUID; otherwise the first camera is used. */
export function pickCameraId(raw: string | undefined, cameraIds: readonly string[]): string | undefined {
  if (raw && UUID_PATTERN.test(raw) && cameraIds.includes(raw)) return raw;
  return cameraIds[0];
}

/**
 * The camera /view/:cameraId shows: the route's, when it is a camera of any of the user's buildings; a route camera
 * that is unknown or not a UUID falls back to the current building's first camera (§5); without one in the route,
 * the remembered camera of that building, else its first. While the user's buildings are loading (`knownCameraIds`
 * null) a route camera is not judged yet: it may be one of another building's.
 */
export function resolveViewerCamera(
  cameraParam: string | undefined,
  knownCameraIds: ReadonlySet<string> | null,
  currentCameraIds: readonly string[],
  remembered: string | null,
): string | undefined {
  if (cameraParam) {
    if (knownCameraIds === null) return undefined;
    const known = UUID_PATTERN.test(cameraParam) && knownCameraIds.has(cameraParam);
    return known ? cameraParam : currentCameraIds[0];
  }
  return pickCameraId(remembered ?? undefined, currentCameraIds);
}

export type ViewerMoment = { mode: 'live' } | { mode: 'archive'; at: Date };

/** /view/:cameraId/:timestamp — 'live', or a UTC time; anything else falls back to one minute ago. */
export function parseViewerTimestamp(raw: string | undefined, now: Date, canViewLive: boolean): ViewerMoment {
  if (raw === 'live' && canViewLive) return { mode: 'live' };
  const fallback = { mode: 'archive' as const, at: new Date(now.getTime() - ARCHIVE.defaultAgoSeconds * 1000) };
  if (!raw || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(raw)) return fallback;
  const at = new Date(raw);
  // Date rolls impossible days and 24:00 over (Feb 30 -> Mar 2); those are invalid too.
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 16) !== raw.slice(0, 16) ? fallback : { mode: 'archive', at };
}

/** The UTC time as it appears in viewer URLs and API calls: 2026-11-22T05:31:00Z. */
export const formatUtc = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The archive shows 'still uploading' and retries for timestamps under 180 s old. */
export const isStillUploading = (at: Date, now: Date): boolean => now.getTime() - at.getTime() < ARCHIVE.stillUploadingSeconds * 1000;

/** More clips are fetched when playback is within 2 clips of either end of the playlist. */
export function playlistNeedsMore(index: number, length: number): { before: boolean; after: boolean } {
  return { before: index < ARCHIVE.refetchWithinClips, after: index >= length - ARCHIVE.refetchWithinClips };
}

/** Where a clip list holding `at` puts playback: the clip index and the offset in seconds into it. */
export function locateInPlaylist(
  clips: readonly { start: string; duration: number }[],
  at: Date,
): { index: number; offsetSeconds: number } | null {
  const t = at.getTime();
  for (let i = 0; i < clips.length; i++) {
    const clip = clips[i]!;
    const start = Date.parse(clip.start);
    if (t >= start && t < start + clip.duration * 1000) return { index: i, offsetSeconds: (t - start) / 1000 };
  }
  const next = clips.findIndex((c) => Date.parse(c.start) > t);
  return next === -1 ? null : { index: next, offsetSeconds: 0 };
}
