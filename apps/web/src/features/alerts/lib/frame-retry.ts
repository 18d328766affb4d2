/**
 * A frame is cut from the recorded clip, which is written a minute at most after the moment. A frame that is
 * missing while its moment is younger than this may still come; an older one will not.
 */
export const FRAME_PENDING_MS = 180_000;
export const FRAME_RETRY_MS = 15_000;
/**
 * An analyzer sends an alert's face first and its pictures right after (so the alert waits for no picture): for a
 * moment this young the frame is asked for again every second.
 */
export const FRAME_FRESH_MS = 10_000;
export const FRAME_FRESH_RETRY_MS = 1_000;

/** How long to wait before asking for a missing frame again, or null when it is not coming. */
export function frameRetryDelay(takenAt: number | undefined, now: number): number | null {
  if (takenAt === undefined || now - takenAt >= FRAME_PENDING_MS) return null;
  return now - takenAt < FRAME_FRESH_MS ? FRAME_FRESH_RETRY_MS : FRAME_RETRY_MS;
}
