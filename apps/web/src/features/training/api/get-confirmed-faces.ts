import { infiniteQueryOptions } from '@tanstack/react-query';
import { TRAINING_API, type ConfirmedFacesRequest, type confirmedFacesReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { TRAINING_QUERY_ROOT } from '../../../lib/api/training-query-root';
import { HttpError, apiRequest } from '../../../lib/http';
import { nextConfirmedOffset } from '../lib/confirmed-view';

export type ConfirmedFacesReply = z.infer<typeof confirmedFacesReplySchema>;

export const CONFIRMED_QUERY_ROOT = [...TRAINING_QUERY_ROOT, 'confirmed'] as const;

/** POST /api/v4/faces/confirmed: confirmed faces, everyone's or one person's, from `offset`. */
export async function getConfirmedFaces(body: ConfirmedFacesRequest, signal?: AbortSignal): Promise<ConfirmedFacesReply> {
  const reply = await apiRequest<ConfirmedFacesReply | { ok: false; err?: string }>('POST', '/api/v4/faces/confirmed', {
    service: 'Faces',
    body,
    ...(signal ? { signal } : {}),
  });
  if (!reply.ok) throw new HttpError(reply.err ?? 'The confirmed faces could not be loaded.', 200, reply);
  return reply;
}

export const confirmedFacesQueryKey = (domainId: string, personId: string | null) => [...CONFIRMED_QUERY_ROOT, domainId, personId] as const;

/**
 * Everyone's confirmed faces 50 a page; one person's in a single fetch of up to 50,000 (part 2 §7, §9), of which the
 * page shows 50 more at a time.
 */
export const confirmedFacesQueryOptions = (domainId: string, personId: string | null) =>
  infiniteQueryOptions({
    queryKey: confirmedFacesQueryKey(domainId, personId),
    queryFn: ({ pageParam, signal }) =>
      getConfirmedFaces(
        personId
          ? { domain_uuid: domainId, offset: 0, limit: TRAINING_API.confirmedMaxPageSize, frontend_face_uuid: personId }
          : { domain_uuid: domainId, offset: pageParam, limit: TRAINING_API.confirmedPageSize },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last: ConfirmedFacesReply, all: ConfirmedFacesReply[]) => (personId ? undefined : nextConfirmedOffset(last, all)),
  });
