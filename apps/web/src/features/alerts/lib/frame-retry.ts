/**
 * A frame is cut from the recorded clip, which is written a minute at most after the moment. A frame that is
 * missing while its moment is younger than this may still come; an older one will not.
 */
export const FRAME_PENDING_MS = 180_000;
export const FRAME_RETRY_MS = 15_000;

/** How long to wait before asking for a missing frame again, or null when it is not coming. */
export function frameRetryDelay(takenAt: number | undefined, now: number): number | null {
  if (takenAt === undefined || now - takenAt >= FRAME_PENDING_MS) return null;
  return FRAME_RETRY_MS;
}
