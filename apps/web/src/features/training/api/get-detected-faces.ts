import { infiniteQueryOptions } from '@tanstack/react-query';
import type { FacesDetectedReply, FacesDetectedRequest } from '@vigil/contract';
import { HttpError, apiRequest } from '../../../lib/http';
import { TRAINING_QUERY_ROOT } from '../../../lib/api/training-query-root';
import type { LoadingLabel } from '../../../lib/loading-counters';

export const DETECTED_QUERY_ROOT = [...TRAINING_QUERY_ROOT, 'detected'] as const;

/** POST /api/v5/facesdetected2: a page of detections to review, newest first, and the token of the next page. */
export async function getDetectedFaces(
  body: FacesDetectedRequest,
  { label = 'Faces', signal }: { label?: LoadingLabel | null; signal?: AbortSignal } = {},
): Promise<FacesDetectedReply> {
  const reply = await apiRequest<FacesDetectedReply | { ok: false; err?: string }>('POST', '/api/v5/facesdetected2', {
    service: label,
    body,
    ...(signal ? { signal } : {}),
  });
  // Part 2 §8: a reply with ok false stops the loading; its text is for the log.
  if (!reply.ok) throw new HttpError(reply.err ?? 'The detections search failed.', 200, reply);
  return reply;
}

/**
 * The review list of one building and set of filters: Load More sends the previous reply's token while the reply says
 * there is more; the list is complete when it says there is not (or, as the contract allows, gives no token).
 */
export const detectedFacesQueryOptions = (request: FacesDetectedRequest) =>
  infiniteQueryOptions({
    queryKey: [...DETECTED_QUERY_ROOT, 'list', request] as const,
    queryFn: ({ pageParam, signal }) => getDetectedFaces(pageParam ? { ...request, refresh_token: pageParam } : request, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: FacesDetectedReply) => (last.more ? (last.refresh_token ?? undefined) : undefined),
    // The list changes only when the reviewer asks (Refresh, a filter): it must not reorder under their keys.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
