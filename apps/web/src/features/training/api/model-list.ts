import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Model, modelsReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

type ModelsReply = z.infer<typeof modelsReplySchema>;

/** Every model-management query (list, current, identities, progress) sits under this key. */
export const MODELS_QUERY_ROOT = ['training-models'] as const;

/** How often the list is asked again while a model trains and no progress call stands in for it. */
const TRAINING_LIST_POLL_MS = 10_000;

/** GET /api/v1/training/models?domain_uuid=: the building's models, newest first. */
export async function getModels(domainId: string, signal?: AbortSignal): Promise<Model[]> {
  const reply = await apiRequest<ModelsReply>('GET', '/api/v1/training/models', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
  return reply.results;
}

export const modelsQueryKey = (domainId: string) => [...MODELS_QUERY_ROOT, domainId, 'list'] as const;

export const modelsQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: modelsQueryKey(domainId), queryFn: ({ signal }) => getModels(domainId, signal) });

/** `pollWhileTraining`: for users without the progress call, the list itself is polled until training ends. */
export function useModels(domainId: string, { pollWhileTraining }: { pollWhileTraining: boolean }) {
  return useQuery({
    ...modelsQueryOptions(domainId),
    refetchInterval: (query) =>
      pollWhileTraining && query.state.data?.some((model) => model.status === 'training') ? TRAINING_LIST_POLL_MS : false,
  });
}
