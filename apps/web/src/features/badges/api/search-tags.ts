import { queryOptions, useQuery } from '@tanstack/react-query';
import type { tagSearchReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { MORE_DETECTIONS } from '../lib/badge-texts';
import { BADGES_QUERY_ROOT } from './get-credentials';

export type TagSearchReply = z.infer<typeof tagSearchReplySchema>;

export interface TagSearchArgs {
  domainId: string;
  accessEventUuid: string;
  identityId: string;
}

/** POST /api/faces/v1/tag_search (part 2 §7, More Detections): the faces at the tap's door within a minute of it. */
export function searchTags(args: TagSearchArgs, signal?: AbortSignal): Promise<TagSearchReply> {
  return apiRequest<TagSearchReply>('POST', '/api/faces/v1/tag_search', {
    service: null,
    query: { domain_uuid: args.domainId },
    body: {
      access_event_uuid: args.accessEventUuid,
      identity_id: args.identityId,
      window_seconds: MORE_DETECTIONS.windowSeconds,
      limit: MORE_DETECTIONS.limit,
    },
    ...(signal ? { signal } : {}),
  });
}

export const tagSearchDomainKey = (domainId: string) => [...BADGES_QUERY_ROOT, 'tag-search', domainId] as const;

export const tagSearchQueryOptions = (args: TagSearchArgs) =>
  queryOptions({
    queryKey: [...tagSearchDomainKey(args.domainId), args.accessEventUuid, args.identityId] as const,
    queryFn: ({ signal }) => searchTags(args, signal),
  });

/** Asked only once More Detections is clicked. */
export function useTagSearch(args: TagSearchArgs, enabled: boolean) {
  return useQuery({ ...tagSearchQueryOptions(args), enabled });
}
