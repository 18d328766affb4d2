import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYZER, analyzerStatusReplySchema, type CameraAnalysis } from '@vigil/contract';
import { apiRequest } from '../http';

/** GET /api/v4/analyzers?domain_uuid= (video service): whether and how each camera of a building is analysed. */
export async function getAnalyzers(domainId: string, signal?: AbortSignal): Promise<CameraAnalysis[]> {
  const reply = await apiRequest<unknown>('GET', '/api/v4/analyzers', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
  const parsed = analyzerStatusReplySchema.safeParse(reply);
  if (!parsed.success) throw new Error('The server sent an analyzer status this page cannot read.');
  return parsed.data.cameras;
}

export const ANALYZERS_QUERY_ROOT = ['analyzers'] as const;

/** Analyzers report every heartbeat: polled as often while a page shows it (not in the loading banner, which would blink). */
export const analyzersQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: [...ANALYZERS_QUERY_ROOT, domainId],
    queryFn: ({ signal }) => getAnalyzers(domainId, signal),
    refetchInterval: ANALYZER.heartbeatSeconds * 1000,
  });

export function useAnalyzers(domainId: string | null) {
  return useQuery({ ...analyzersQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
