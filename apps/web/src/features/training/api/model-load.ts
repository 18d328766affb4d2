import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { modelMessageReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { HttpError, apiRequest } from '../../../lib/http';
import { currentModelQueryKey } from './model-current';

type ModelMessageReply = z.infer<typeof modelMessageReplySchema>;
type Refusal = { ok: false; error?: string; err?: string; message?: string };

/** POST /api/v1/training/models/load: asks the server to make `label` the building's model. */
export async function loadModel({ domainId, label }: { domainId: string; label: string }): Promise<ModelMessageReply> {
  const reply = await apiRequest<ModelMessageReply | Refusal>('POST', '/api/v1/training/models/load', {
    service: null,
    body: { domain_uuid: domainId, label },
  });
  if (!reply.ok) throw new HttpError(reply.error ?? reply.err ?? reply.message ?? 'The model was not loaded.', 200, reply);
  return reply;
}

/** The model becomes current once the server has processed it (part 2 §4): the header asks again. */
export function useLoadModel(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => loadModel({ domainId, label }),
    // Not awaited: the outcome is said at once, the header follows when the server answers.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentModelQueryKey(domainId) }),
  });
}
