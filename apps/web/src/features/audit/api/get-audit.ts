import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import type { AuditSearch } from '../lib/audit-filters';

/** GET /api/v1/audit: a building's entries, newest first, a page at a time (`before` the last `seq` seen). */
export function getAudit(search: AuditSearch, before: number | undefined, signal?: AbortSignal): Promise<AuditReply> {
  return apiRequest<AuditReply>('GET', '/api/v1/audit', { service: null, query: { ...search, before }, ...(signal && { signal }) });
}

export const AUDIT_QUERY_ROOT = ['audit'] as const;

export const auditQueryOptions = (search: AuditSearch) =>
  infiniteQueryOptions({
    queryKey: [...AUDIT_QUERY_ROOT, search.domain_uuid, search],
    queryFn: ({ pageParam, signal }) => getAudit(search, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // A trail is read to see what just happened: every visit asks again.
    staleTime: 0,
  });

export function useAudit(search: AuditSearch | null) {
  return useInfiniteQuery({ ...auditQueryOptions(search ?? { domain_uuid: '' }), enabled: search !== null });
}
