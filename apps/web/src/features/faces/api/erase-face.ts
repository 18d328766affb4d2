import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EraseReply, ErasurePreviewReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';

/** GET /api/v1/faces/{id}/erasure (faces/delete): what erasing the person would take away, counted. */
export function getErasurePreview(faceId: string, signal?: AbortSignal): Promise<ErasurePreviewReply> {
  return apiRequest<ErasurePreviewReply>('GET', `/api/v1/faces/${encodeURIComponent(faceId)}/erasure`, {
    service: 'Faces',
    ...(signal ? { signal } : {}),
  });
}

export const erasurePreviewQueryOptions = (faceId: string) =>
  queryOptions({
    queryKey: [...FACES_QUERY_ROOT, 'erasure', faceId] as const,
    queryFn: ({ signal }) => getErasurePreview(faceId, signal),
    // Counted afresh each time the erasure is offered: detections arrive all the time.
    staleTime: 0,
  });

/** Loaded when the person's erasure is offered. */
export function useErasurePreview(faceId: string, enabled: boolean) {
  return useQuery({ ...erasurePreviewQueryOptions(faceId), enabled });
}

/** POST /api/v1/faces/{id}/erase (faces/delete): the full name as confirmation; the receipt. */
export function eraseFace(faceId: string, confirm: string): Promise<EraseReply> {
  return apiRequest<EraseReply>('POST', `/api/v1/faces/${encodeURIComponent(faceId)}/erase`, { service: 'Faces', body: { confirm } });
}

/**
 * As a delete: the lists reload without the person. Their own queries are not asked again (they would answer 404
 * while the receipt still shows over their details) and are dropped with `forget` once the receipt is closed.
 */
export function useEraseFace() {
  const queryClient = useQueryClient();
  const theirs = (faceId: string) => (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(faceId);
  const mutation = useMutation({
    mutationFn: ({ faceId, confirm }: { faceId: string; confirm: string }) => eraseFace(faceId, confirm),
    onSuccess: async (_reply, { faceId }) => {
      await queryClient.cancelQueries({ queryKey: FACES_QUERY_ROOT, predicate: theirs(faceId) });
      void queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT, predicate: (query) => !theirs(faceId)(query) });
    },
  });
  const forget = (faceId: string) => queryClient.removeQueries({ queryKey: FACES_QUERY_ROOT, predicate: theirs(faceId) });
  return { ...mutation, forget };
}
