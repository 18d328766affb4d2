import { queryOptions, useQuery } from '@tanstack/react-query';
import { FACES, type faceHistoryReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';

export type FaceHistoryReply = z.infer<typeof faceHistoryReplySchema>;

/** GET /api/v6/faces/{id}/history?limit=: the person's detections, newest first, merged per camera. */
export async function getFaceHistory(faceId: string, limit: number, signal?: AbortSignal): Promise<FaceHistoryReply> {
  return apiRequest<FaceHistoryReply>('GET', `/api/v6/faces/${encodeURIComponent(faceId)}/history`, {
    service: 'History',
    query: { limit },
    ...(signal ? { signal } : {}),
  });
}

export const faceHistoryQueryOptions = (faceId: string, limit: number = FACES.historyPageSize) =>
  queryOptions({
    queryKey: [...FACES_QUERY_ROOT, 'history', faceId, limit] as const,
    queryFn: ({ signal }) => getFaceHistory(faceId, limit, signal),
  });

/** Loaded only once the history panel is open. */
export function useFaceHistory(faceId: string, enabled: boolean) {
  return useQuery({ ...faceHistoryQueryOptions(faceId), enabled });
}
