import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffLink, StaffLinksReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/staff/links?domain_uuid=: the staff menu's external links (needs staff/view_internal_links). */
export async function getStaffLinks(domainId: string): Promise<StaffLink[]> {
  const reply = await apiRequest<StaffLinksReply>('GET', '/api/v1/staff/links', { service: null, query: { domain_uuid: domainId } });
  return reply.links;
}

export const staffLinksQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: ['staff', 'links', domainId], queryFn: () => getStaffLinks(domainId), staleTime: 10 * 60_000 });

export function useStaffLinks(domainId: string | null, enabled: boolean) {
  return useQuery({ ...staffLinksQueryOptions(domainId ?? ''), enabled: enabled && domainId !== null });
}
