import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Detector, createDetectorBodySchema, createDetectorReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { detectorsQueryKey } from './get-detectors';

export type CreateDetectorInput = z.input<typeof createDetectorBodySchema>;

/** POST /api/ingest/v1/detectors: a new machine key; `key` is in this reply only, never again. */
export async function createDetector(body: CreateDetectorInput): Promise<{ detector: Detector; key: string }> {
  const reply = await apiRequest<z.infer<typeof createDetectorReplySchema>>('POST', '/api/ingest/v1/detectors', {
    service: null,
    body,
  });
  return { detector: reply.detector, key: reply.key };
}

/**
 * Makes a key and hands the secret to `onKey` alone: the mutation's own result is the key's row, so the secret never
 * sits in a query or mutation cache.
 */
export function useCreateDetector(domainId: string, onKey: (key: string, detector: Detector) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateDetectorInput) => {
      const { detector, key } = await createDetector(input);
      onKey(key, detector);
      return detector;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: detectorsQueryKey(domainId) }),
  });
}
