import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { EVENTS, hasOperation, type EventsQuery, type EventsReply } from '@vigil/contract';
import { apiRequest } from '../http';
import { EVENTS_QUERY_ROOT, type ParallelLoader } from '../refresh';
import { entitlementsQueryOptions } from './get-entitlements';

/** GET /api/events/v1/alerts: one page of events, newest first, with the cursor to the next (older) page. */
export async function getEvents(query: EventsQuery, signal?: AbortSignal): Promise<EventsReply> {
  return apiRequest<EventsReply>('GET', '/api/events/v1/alerts', {
    service: 'History',
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** Every events query lives under EVENTS_QUERY_ROOT, so the data refresh clears them all and the socket invalidates them all. */
export const eventsQueryKey = (query: EventsQuery) => [...EVENTS_QUERY_ROOT, query] as const;

/** Events queries of one domain, whatever else they ask: a prefix that matches them all (object keys match partially). */
export const domainEventsQueryKey = (domainUuid: string) => [...EVENTS_QUERY_ROOT, { domain_uuid: domainUuid }] as const;

export const eventsQueryOptions = (query: EventsQuery) =>
  queryOptions({
    queryKey: eventsQueryKey(query),
    queryFn: ({ signal }) => getEvents(query, signal),
    staleTime: 30_000,
  });

/** §4 data refresh: the latest 150 events of the domain. */
export const latestEventsQuery = (domainUuid: string): EventsQuery => ({ domain_uuid: domainUuid, limit: EVENTS.refreshLimit });

/** The alerts feed (§2, §7): only events that raised an alert, 100 per page, older pages by pagination_token. */
export const alertsFeedQuery = (domainUuid: string): EventsQuery => ({ domain_uuid: domainUuid, limit: EVENTS.pageSize, alerted: true });

export const alertsFeedQueryOptions = (domainUuid: string) => {
  const query = alertsFeedQuery(domainUuid);
  return infiniteQueryOptions({
    // 'pages' keeps this infinite query apart from a plain query with the same filters.
    queryKey: [...eventsQueryKey(query), 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getEvents(pageParam ? { ...query, pagination_token: pageParam } : query, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: EventsReply) => last.paginationToken ?? undefined,
    staleTime: 30_000,
  });
};

/** The data refresh's 'latest 150 events' (spec part 1 §4); skipped without alerting/view_historic, which the server would refuse. */
export const latestEventsLoader: ParallelLoader = {
  name: 'Latest events',
  async load({ domainId, queryClient }) {
    const services = queryClient.getQueryData(entitlementsQueryOptions().queryKey)?.[domainId];
    if (!hasOperation(services, 'alerting', 'view_historic')) return;
    await queryClient.fetchQuery(eventsQueryOptions(latestEventsQuery(domainId)));
  },
};
