import { queryOptions } from '@tanstack/react-query';
import type { EventsQuery, EventsReply } from '@vigil/contract';
import { apiRequest } from '../http';
import { EVENTS_QUERY_ROOT } from '../refresh';

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

export const eventsQueryOptions = (query: EventsQuery) =>
  queryOptions({
    queryKey: eventsQueryKey(query),
    queryFn: ({ signal }) => getEvents(query, signal),
    staleTime: 30_000,
  });
