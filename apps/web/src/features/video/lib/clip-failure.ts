import { VIDEO_MESSAGES, isStillUploading } from '@vigil/contract';
import { HttpError } from '../../../lib/http';

/** What the archive shows when a clip cannot be played (spec part 1 §4, §8). */
export type ArchiveProblem = { kind: 'uploading'; message: string } | { kind: 'error'; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Words for a failed clip request: 'still uploading' (and try again) for an instant under 180 s old;
 * otherwise no response, no data, the server's err text, or the catch-all.
 */
export function describeClipFailure(failure: { reply?: unknown; error?: unknown }, at: Date, now: Date): ArchiveProblem {
  if (isStillUploading(at, now)) return { kind: 'uploading', message: VIDEO_MESSAGES.stillUploading };
  const { reply, error } = failure;
  if (error !== undefined) {
    if (error instanceof HttpError && error.status !== 0) {
      if (error.body === undefined || error.body === '') return { kind: 'error', message: VIDEO_MESSAGES.noData };
      return { kind: 'error', message: error.message };
    }
    return { kind: 'error', message: VIDEO_MESSAGES.noResponse };
  }
  if (reply === undefined || reply === null || reply === '') return { kind: 'error', message: VIDEO_MESSAGES.noData };
  if (isRecord(reply) && typeof reply.err === 'string' && reply.err.trim() !== '') return { kind: 'error', message: reply.err };
  return { kind: 'error', message: VIDEO_MESSAGES.unclear };
}
