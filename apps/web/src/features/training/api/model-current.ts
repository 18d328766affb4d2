import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentModelReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { MODELS_QUERY_ROOT } from './model-list';

/** While a loaded model is not yet applied, the header asks again this often, so it stops saying 'wait' by itself. */
const NOT_APPLIED_POLL_MS = 5_000;

/** GET /api/v1/training/models/current?domain_uuid=: the loaded model, and whether the analyzers use it yet. */
export async function getCurrentModel(domainId: string, signal?: AbortSignal): Promise<CurrentModelReply> {
  return apiRequest<CurrentModelReply>('GET', '/api/v1/training/models/current', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

export const currentModelQueryKey = (domainId: string) => [...MODELS_QUERY_ROOT, domainId, 'current'] as const;

export const currentModelQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: currentModelQueryKey(domainId), queryFn: ({ signal }) => getCurrentModel(domainId, signal) });

export function useCurrentModel(domainId: string) {
  return useQuery({
    ...currentModelQueryOptions(domainId),
    refetchInterval: (query) =>
      query.state.data && query.state.data.label !== null && !query.state.data.applied ? NOT_APPLIED_POLL_MS : false,
  });
}
