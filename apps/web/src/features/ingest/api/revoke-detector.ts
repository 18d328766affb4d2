import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { revokeDetectorReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { detectorsQueryKey } from './get-detectors';

/** DELETE /api/ingest/v1/detectors/{id}: the key stops working in this building at once; its row stays, marked revoked. */
export async function revokeDetector(id: string): Promise<void> {
  await apiRequest<z.infer<typeof revokeDetectorReplySchema>>('DELETE', `/api/ingest/v1/detectors/${encodeURIComponent(id)}`, {
    service: null,
  });
}

export function useRevokeDetector(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDetector,
    onSettled: () => queryClient.invalidateQueries({ queryKey: detectorsQueryKey(domainId) }),
  });
}
