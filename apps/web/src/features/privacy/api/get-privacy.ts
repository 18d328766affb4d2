import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/privacy?domain_uuid=: each category's period, what it holds, and the sweep (account/view_audit). */
export async function getPrivacy(domainId: string): Promise<PrivacyReply> {
  return apiRequest<PrivacyReply>('GET', '/api/v1/privacy', { service: null, query: { domain_uuid: domainId } });
}

/** Every call that changes a building's privacy settings invalidates this key. */
export const privacyQueryKey = (domainId: string) => ['privacy', domainId] as const;

export const privacyQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: privacyQueryKey(domainId), queryFn: () => getPrivacy(domainId) });

export function usePrivacy(domainId: string | null) {
  return useQuery({ ...privacyQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
