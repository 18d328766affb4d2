import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadgeIdentity, CredentialsReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** Every badge query's key starts here; the second element names the call, the third the domain. */
export const BADGES_QUERY_ROOT = ['badges'] as const;

/** GET /api/faces/v1/credentials?domain_uuid= (part 2 §7): the building's badge identities, counted as 'Badges'. */
export async function getCredentials(domainId: string, signal?: AbortSignal): Promise<BadgeIdentity[]> {
  const reply = await apiRequest<CredentialsReply>('GET', '/api/faces/v1/credentials', {
    service: 'Badges',
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
  return reply.identities;
}

export const credentialsQueryKey = (domainId: string) => [...BADGES_QUERY_ROOT, 'credentials', domainId] as const;

export const credentialsQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: credentialsQueryKey(domainId),
    queryFn: ({ signal }) => getCredentials(domainId, signal),
  });

export function useCredentials(domainId: string | null) {
  return useQuery({ ...credentialsQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
