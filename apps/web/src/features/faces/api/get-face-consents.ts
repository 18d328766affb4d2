import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentRecord, faceConsentsReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';

type FaceConsentsReply = z.infer<typeof faceConsentsReplySchema>;

/** GET /api/v1/faces/{id}/consents: the person's consent answers, newest first (the first is the current one). */
export async function getFaceConsents(faceId: string, signal?: AbortSignal): Promise<ConsentRecord[]> {
  const reply = await apiRequest<FaceConsentsReply>('GET', `/api/v1/faces/${encodeURIComponent(faceId)}/consents`, {
    service: null,
    ...(signal ? { signal } : {}),
  });
  return reply.consents;
}

/** Under the faces keys: a saved change reloads it with the list. */
export const faceConsentsQueryOptions = (faceId: string) =>
  queryOptions({
    queryKey: [...FACES_QUERY_ROOT, 'consents', faceId] as const,
    queryFn: ({ signal }) => getFaceConsents(faceId, signal),
  });

export function useFaceConsents(faceId: string | null) {
  return useQuery({ ...faceConsentsQueryOptions(faceId ?? ''), enabled: faceId !== null });
}
