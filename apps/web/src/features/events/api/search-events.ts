import { useQuery } from '@tanstack/react-query';
import { toTimelineEvent, type EventsQuery, type EventsReply, type TimelineEvent } from '@vigil/contract';
import { eventsQueryOptions } from '../../../lib/api/get-events';

export interface EventSearchResult {
  events: TimelineEvent[];
  /** the search hit its limit (250 at first, 1,500 for a search): older events in the range were left out */
  truncated: boolean;
}

const toResult = (reply: EventsReply): EventSearchResult => ({
  events: reply.data.map(toTimelineEvent),
  truncated: reply.paginationToken !== null,
});

/** The events timeline search (GET /api/events/v1/alerts with since, until and limit 250 or 1500); null asks nothing. */
export function useEventSearch(query: EventsQuery | null) {
  return useQuery({
    ...eventsQueryOptions(query ?? { domain_uuid: '' }),
    enabled: query !== null,
    select: toResult,
  });
}
