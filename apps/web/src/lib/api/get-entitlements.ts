import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntitlementsByDomain, EntitlementsReply } from '@vigil/contract';
import { apiRequest } from '../http';
import { useSession } from '../session';
import { STORAGE_KEYS, readJson, writeJson } from '../storage-keys';

/** GET /api/v1/users/me/entitlements, cached in localStorage so a reload can decide routes at once; always refreshed. */
export async function getEntitlements(): Promise<EntitlementsByDomain> {
  const reply = await apiRequest<EntitlementsReply>('GET', '/api/v1/users/me/entitlements', { service: 'Permissions' });
  writeJson(STORAGE_KEYS.entitlements, reply.entitlementsByDomain);
  return reply.entitlementsByDomain;
}

function cachedEntitlements(): EntitlementsByDomain | undefined {
  const cached = readJson(STORAGE_KEYS.entitlements);
  return typeof cached === 'object' && cached !== null && !Array.isArray(cached) ? (cached as EntitlementsByDomain) : undefined;
}

export const ENTITLEMENTS_QUERY_KEY = ['entitlements'] as const;

export const entitlementsQueryOptions = () =>
  queryOptions({
    queryKey: ENTITLEMENTS_QUERY_KEY,
    queryFn: getEntitlements,
    initialData: cachedEntitlements,
    // The cache is only a head start: treat it as stale so the server's answer replaces it.
    initialDataUpdatedAt: 0,
  });

export function useEntitlements() {
  const { authToken } = useSession();
  return useQuery({ ...entitlementsQueryOptions(), enabled: authToken !== null });
}
