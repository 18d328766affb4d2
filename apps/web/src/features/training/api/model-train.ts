import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { modelMessageReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { HttpError, apiRequest } from '../../../lib/http';
import { modelsQueryKey } from './model-list';
import { trainingProgressQueryKey } from './model-training-progress';

type ModelMessageReply = z.infer<typeof modelMessageReplySchema>;
type Refusal = { ok: false; error?: string; err?: string; message?: string };

/** POST /api/v1/training/models/train: starts a new training process; the server's message says what happened. */
export async function trainModel(domainId: string): Promise<ModelMessageReply> {
  const reply = await apiRequest<ModelMessageReply | Refusal>('POST', '/api/v1/training/models/train', {
    service: null,
    body: { domain_uuid: domainId },
  });
  if (!reply.ok) throw new HttpError(reply.error ?? reply.err ?? reply.message ?? 'The training process did not start.', 200, reply);
  return reply;
}

/** A started training shows in the list (status training) and in the progress bar. */
export function useTrainModel(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trainModel(domainId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: modelsQueryKey(domainId) });
      void queryClient.invalidateQueries({ queryKey: trainingProgressQueryKey(domainId) });
    },
  });
}
