import { queryOptions, useQuery } from '@tanstack/react-query';
import type { confirmedTagsReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { BADGES_QUERY_ROOT } from './get-credentials';

export type ConfirmedTagsReply = z.infer<typeof confirmedTagsReplySchema>;

/** GET /api/faces/v1/confirmed_tags?domain_uuid=&identity_id= (part 2 §7): the identity's verified matches. */
export function getConfirmedTags(domainId: string, identityId: string, signal?: AbortSignal): Promise<ConfirmedTagsReply> {
  return apiRequest<ConfirmedTagsReply>('GET', '/api/faces/v1/confirmed_tags', {
    service: null,
    query: { domain_uuid: domainId, identity_id: identityId },
    ...(signal ? { signal } : {}),
  });
}

export const confirmedTagsDomainKey = (domainId: string) => [...BADGES_QUERY_ROOT, 'confirmed-tags', domainId] as const;

export const confirmedTagsQueryOptions = (domainId: string, identityId: string) =>
  queryOptions({
    queryKey: [...confirmedTagsDomainKey(domainId), identityId] as const,
    queryFn: ({ signal }) => getConfirmedTags(domainId, identityId, signal),
  });

export function useConfirmedTags(domainId: string, identityId: string) {
  return useQuery(confirmedTagsQueryOptions(domainId, identityId));
}
