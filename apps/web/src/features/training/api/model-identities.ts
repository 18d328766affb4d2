import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelIdentity, modelIdentitiesReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { MODELS_QUERY_ROOT } from './model-list';

type ModelIdentitiesReply = z.infer<typeof modelIdentitiesReplySchema>;

/** GET /api/v1/training/models/{label}/identities?domain_uuid=: who the model knows, with tag counts and F1. */
export async function getModelIdentities(domainId: string, label: string, signal?: AbortSignal): Promise<ModelIdentity[]> {
  const reply = await apiRequest<ModelIdentitiesReply>('GET', `/api/v1/training/models/${encodeURIComponent(label)}/identities`, {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
  return reply.identities;
}

export const modelIdentitiesQueryOptions = (domainId: string, label: string) =>
  queryOptions({
    queryKey: [...MODELS_QUERY_ROOT, domainId, 'identities', label] as const,
    queryFn: ({ signal }) => getModelIdentities(domainId, label, signal),
  });

export function useModelIdentities(domainId: string, label: string) {
  return useQuery(modelIdentitiesQueryOptions(domainId, label));
}
