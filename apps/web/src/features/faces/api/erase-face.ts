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

/** As a delete: the person leaves the cached lists at once, their own queries go, and the lists reload. */
export function useEraseFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ faceId, confirm }: { faceId: string; confirm: string }) => eraseFace(faceId, confirm),
    onSuccess: (_reply, { faceId }) => {
      const theirs = (key: readonly unknown[]) => key.includes(faceId);
      queryClient.removeQueries({ queryKey: FACES_QUERY_ROOT, predicate: (query) => theirs(query.queryKey) });
      void queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT, predicate: (query) => !theirs(query.queryKey) });
    },
  });
}
