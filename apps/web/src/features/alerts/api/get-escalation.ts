import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EscalationReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/alerts/escalation?domain_uuid=: the building's delay and tiers, and the roles and users a tier may name. */
export async function getEscalation(domainId: string, signal?: AbortSignal): Promise<EscalationReply> {
  return apiRequest<EscalationReply>('GET', '/api/v1/alerts/escalation', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

export const escalationQueryKey = (domainId: string) => ['alert-escalation', domainId] as const;

export const escalationQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: escalationQueryKey(domainId), queryFn: ({ signal }) => getEscalation(domainId, signal) });

export function useEscalation(domainId: string) {
  return useQuery(escalationQueryOptions(domainId));
}
