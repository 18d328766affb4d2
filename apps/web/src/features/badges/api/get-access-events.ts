import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BADGES, type AccessEventsReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import type { AccessEventView } from '../lib/badge-texts';
import { BADGES_QUERY_ROOT } from './get-credentials';

export interface AccessEventsArgs {
  domainId: string;
  identityId: string;
  view: AccessEventView;
  /** one credential of several (the 'Badge n' tabs), or null for the identity's only one */
  credentialUuid: string | null;
}

/**
 * GET /api/faces/v1/credentials/{id}/access-events (part 2 §7): a page of the identity's taps, newest first; `before`
 * is the eventTimestamp of the last tap of the page before.
 */
export function getAccessEvents(args: AccessEventsArgs, before: string | undefined, signal?: AbortSignal): Promise<AccessEventsReply> {
  return apiRequest<AccessEventsReply>('GET', `/api/faces/v1/credentials/${encodeURIComponent(args.identityId)}/access-events`, {
    service: null,
    query: {
      domain_uuid: args.domainId,
      limit: BADGES.eventsPage,
      view: args.view,
      credential_uuid: args.credentialUuid ?? undefined,
      before,
    },
    ...(signal ? { signal } : {}),
  });
}

/**
 * How often an open badge page asks again: the server evaluates taps in the background (every 5 s) and no socket
 * message says that a tap was evaluated, so a tap that has just come shows up within seconds without a reload.
 */
export const ACCESS_EVENTS_POLL_MS = 5_000;

/** Every access-events query of a building (the tagging save invalidates them all). */
export const accessEventsDomainKey = (domainId: string) => [...BADGES_QUERY_ROOT, 'access-events', domainId] as const;

export const accessEventsQueryOptions = (args: AccessEventsArgs) =>
  infiniteQueryOptions({
    queryKey: [...accessEventsDomainKey(args.domainId), args.identityId, args.view, args.credentialUuid] as const,
    queryFn: ({ pageParam, signal }) => getAccessEvents(args, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // 'Load More' asks for the taps before the last one shown.
    getNextPageParam: (last) => (last.more ? last.events.at(-1)?.eventTimestamp : undefined),
    refetchInterval: ACCESS_EVENTS_POLL_MS,
  });

export function useAccessEvents(args: AccessEventsArgs) {
  return useInfiniteQuery(accessEventsQueryOptions(args));
}
