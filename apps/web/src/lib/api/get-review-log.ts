import { useQuery } from '@tanstack/react-query';
import type { reviewLogReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../http';
import { TRAINING_QUERY_ROOT } from './training-query-root';

export type ReviewLogReply = z.infer<typeof reviewLogReplySchema>;

/** GET /api/v1/training/reviews/{id}: every answer people gave about one detection, oldest first. */
export function getReviewLog(runtimeFaceUuid: string, signal?: AbortSignal): Promise<ReviewLogReply> {
  return apiRequest<ReviewLogReply>('GET', `/api/v1/training/reviews/${encodeURIComponent(runtimeFaceUuid)}`, {
    service: 'Faces',
    ...(signal ? { signal } : {}),
  });
}

/** A detection's review log, fetched when `enabled` (the list is opened); under the training root, so answers refresh it. */
export const useReviewLog = (runtimeFaceUuid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...TRAINING_QUERY_ROOT, 'reviews', runtimeFaceUuid],
    queryFn: ({ signal }) => getReviewLog(runtimeFaceUuid, signal),
    enabled,
    // Answers given since it was last opened show when it opens again.
    staleTime: 0,
  });
