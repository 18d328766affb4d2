import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlacesReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/maps/places?input=… (Maps places autocomplete): the configured geocoder's suggestions, or the gazetteer's. */
export const getPlaces = (input: string, signal?: AbortSignal) =>
  apiRequest<PlacesReply>('GET', '/api/v1/maps/places', { service: null, query: { input }, ...(signal && { signal }) });

export const placesQueryOptions = (input: string) =>
  queryOptions({ queryKey: ['onboarding', 'places', input], queryFn: ({ signal }) => getPlaces(input, signal), staleTime: 10 * 60_000 });

export function usePlaces(input: string) {
  return useQuery({ ...placesQueryOptions(input), enabled: input.trim().length >= 2, placeholderData: keepPreviousData });
}
