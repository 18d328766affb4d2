import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountsReply } from '@vigil/contract';
import { apiRequest } from '../http';

/** GET /api/v1/domains/{domainId}/accounts: who holds which role in the building, and the roles the caller may give. */
export async function getAccounts(domainId: string): Promise<AccountsReply> {
  return apiRequest<AccountsReply>('GET', `/api/v1/domains/${encodeURIComponent(domainId)}/accounts`, { service: null });
}

/** Every call that changes a building's people invalidates this key. */
export const accountsQueryKey = (domainId: string) => ['accounts', domainId] as const;

export const accountsQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: accountsQueryKey(domainId), queryFn: () => getAccounts(domainId) });

export function useAccounts(domainId: string | null) {
  return useQuery({ ...accountsQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
