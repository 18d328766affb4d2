import { queryOptions } from '@tanstack/react-query';
import { ELOPEMENT, formatUtc, type FacesAlertsQuery, type FacesAlertsReply } from '@vigil/contract';
import { apiRequest } from '../http';

export const ELOPEMENT_ALERTS_QUERY_ROOT = ['elopement-alerts'] as const;

/** GET /api/v1/faces/alerts: the domain's elopement alerts of the last 24 hours (spec part 1 §7). */
export async function getElopementAlerts(query: FacesAlertsQuery, signal?: AbortSignal): Promise<FacesAlertsReply> {
  return apiRequest<FacesAlertsReply>('GET', '/api/v1/faces/alerts', {
    service: 'Faces',
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** The §7 query: since 24 hours ago, ascending, dismissed ones left out unless asked for. */
export function latestElopementAlertsQuery(domainUUID: string, now: number, includeDismissed = false): FacesAlertsQuery {
  return {
    domainUUID,
    since: formatUtc(new Date(now - ELOPEMENT.lookbackHours * 3_600_000)),
    offset: 0,
    limit: ELOPEMENT.defaultLimit,
    sort: 'ascending',
    include_dismissed: includeDismissed,
  };
}

/** Keyed by domain (not by the moving 'since'), so the 30 s refetch and socket invalidation hit one cache entry. */
export const elopementAlertsQueryOptions = (domainUUID: string, includeDismissed = false) =>
  queryOptions({
    queryKey: [...ELOPEMENT_ALERTS_QUERY_ROOT, domainUUID, includeDismissed] as const,
    queryFn: ({ signal }) => getElopementAlerts(latestElopementAlertsQuery(domainUUID, Date.now(), includeDismissed), signal),
    refetchInterval: ELOPEMENT.refreshMs,
  });
