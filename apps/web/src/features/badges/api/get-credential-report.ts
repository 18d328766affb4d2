import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasOperation, type CredentialReportReply } from '@vigil/contract';
import { entitlementsQueryOptions } from '../../../lib/api/get-entitlements';
import { apiRequest } from '../../../lib/http';
import type { ParallelLoader } from '../../../lib/refresh';
import { BADGES_QUERY_ROOT } from './get-credentials';

/**
 * GET /api/faces/v1/credentials/report?domain_uuid= (no identity, no format): the building's credential mismatch report
 * of the last 7 days, counted as 'Credential' (part 1 §4).
 */
export function getCredentialReport(domainId: string, signal?: AbortSignal): Promise<CredentialReportReply> {
  return apiRequest<CredentialReportReply>('GET', '/api/faces/v1/credentials/report', {
    service: 'Credential',
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

export const credentialReportQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: [...BADGES_QUERY_ROOT, 'credential-report', domainId] as const,
    queryFn: ({ signal }) => getCredentialReport(domainId, signal),
  });

export function useCredentialReport(domainId: string | null) {
  return useQuery({ ...credentialReportQueryOptions(domainId ?? ''), enabled: domainId !== null });
}

/** The data refresh's 'credential report' step (part 1 §4); the server would refuse it without keycard/view_all. */
export const credentialReportLoader: ParallelLoader = {
  name: 'Credential',
  async load({ domainId, queryClient }) {
    const services = queryClient.getQueryData(entitlementsQueryOptions().queryKey)?.[domainId];
    if (!hasOperation(services, 'keycard', 'view_all')) return;
    await queryClient.fetchQuery({ ...credentialReportQueryOptions(domainId), staleTime: 0 });
  },
};
