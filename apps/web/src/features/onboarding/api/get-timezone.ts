import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimezoneReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/maps/timezone?location=lat,lng (Maps timezone service): the time zone of the marker's point. */
export const getTimezone = (location: string) =>
  apiRequest<TimezoneReply>('GET', '/api/v1/maps/timezone', { service: null, query: { location } });

export const timezoneQueryOptions = (location: string) =>
  queryOptions({
    queryKey: ['onboarding', 'timezone', location],
    queryFn: () => getTimezone(location),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useTimezone(location: string | null) {
  return useQuery({ ...timezoneQueryOptions(location ?? ''), enabled: Boolean(location) });
}
