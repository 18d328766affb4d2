import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Domain, DomainsReply } from '@vigil/contract';
import { apiRequest } from '../http';
import { useSession } from '../session';

/** POST /api/v4/domains (empty body besides the token): every domain the user holds an entitlement in. */
export async function getDomains(): Promise<Domain[]> {
  const reply = await apiRequest<DomainsReply>('POST', '/api/v4/domains', { service: 'Buildings & Cameras', body: {} });
  return reply.domains;
}

export const DOMAINS_QUERY_KEY = ['domains'] as const;

export const domainsQueryOptions = () => queryOptions({ queryKey: DOMAINS_QUERY_KEY, queryFn: getDomains, staleTime: 5 * 60_000 });

export function useDomains() {
  const { authToken } = useSession();
  return useQuery({ ...domainsQueryOptions(), enabled: authToken !== null });
}
