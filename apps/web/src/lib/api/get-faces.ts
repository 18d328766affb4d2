import { queryOptions, useQuery } from '@tanstack/react-query';
import { FACES, FACES_MESSAGES, canReadFaces, type Face, type facesListReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../http';
import type { LoadingLabel } from '../loading-counters';
import type { ParallelLoader, RefreshContext } from '../refresh';
import { getAuthToken } from '../session';
import { entitlementsQueryOptions } from './get-entitlements';

type FacesListReply = z.infer<typeof facesListReplySchema>;

/** GET /api/v6/faces?domain_uuid=: the building's people the caller may see, with where each was last seen. */
export async function getFaces(domainId: string, label: LoadingLabel = 'Faces', signal?: AbortSignal): Promise<Face[]> {
  const reply = await apiRequest<FacesListReply>('GET', '/api/v6/faces', {
    service: label,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
  // Spec part 1 §8: an empty registry is not a failure; it is only said.
  if (reply.faces.length === 0 && label === 'Faces') console.info(FACES_MESSAGES.noFaces);
  return reply.faces;
}

export const FACES_QUERY_ROOT = ['faces'] as const;

/** The list of one building; the last-seen refresh and both data-refresh loaders share this one key (one request). */
export const facesQueryKey = (domainId: string) => [...FACES_QUERY_ROOT, 'list', domainId] as const;

export const getFacesQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: facesQueryKey(domainId),
    // The first load counts as 'Faces'; refetches of a list already shown refresh last-seen data, which the top bar's
    // loading banner leaves out (spec part 1 §4), so the 30 s poll does not flash it.
    queryFn: ({ client, queryKey, signal }) =>
      getFaces(domainId, client.getQueryData(queryKey) === undefined ? 'Faces' : 'Last Seen', signal),
    refetchInterval: FACES.lastSeenRefreshMs,
  });

export function useFaces(domainId: string | null) {
  return useQuery({ ...getFacesQueryOptions(domainId ?? ''), enabled: domainId !== null });
}

/** Loads the list for the data refresh; concurrent calls share the request in flight (fetchQuery dedupes by key). */
async function refreshFaces({ domainId, queryClient }: RefreshContext): Promise<void> {
  // Spec part 1 §8: logged, not shown.
  if (!getAuthToken()) return console.warn("Can't refresh without auth token. Bailing instead.");
  const services = queryClient.getQueryData(entitlementsQueryOptions().queryKey)?.[domainId];
  // Without a way to read the registry the server would refuse (part 1 §6); the page says so when it is opened.
  if (!canReadFaces(services)) return;
  await queryClient.fetchQuery({ ...getFacesQueryOptions(domainId), staleTime: 0 });
}

/** The data refresh's 'faces' and 'last-seen' steps (spec part 1 §4): last-seen data comes in the same reply. */
export const facesLoader: ParallelLoader = { name: 'Faces', load: refreshFaces };
export const lastSeenLoader: ParallelLoader = { name: 'Last Seen', load: refreshFaces };
