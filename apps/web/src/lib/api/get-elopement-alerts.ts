import { queryOptions } from '@tanstack/react-query';
import { ELOPEMENT, formatUtc, hasOperation, type FacesAlertsQuery, type FacesAlertsReply } from '@vigil/contract';
import { apiRequest } from '../http';
import type { ParallelLoader } from '../refresh';
import { entitlementsQueryOptions } from './get-entitlements';

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

/** Pages the ascending query cannot skip: a full page means newer alerts may follow, so ask on up to this many. */
const MAX_PAGES = ELOPEMENT.maxLimit / ELOPEMENT.defaultLimit;

/** Every alert of the query, following offsets while pages come back full (the newest alerts come last). */
export async function getAllElopementAlerts(query: FacesAlertsQuery, signal?: AbortSignal): Promise<FacesAlertsReply> {
  const limit = query.limit ?? ELOPEMENT.defaultLimit;
  const alerts: FacesAlertsReply['alerts'] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await getElopementAlerts({ ...query, offset: (query.offset ?? 0) + page * limit, limit }, signal);
    alerts.push(...reply.alerts);
    if (reply.alerts.length < limit) break;
  }
  return { ok: true, alerts };
}

export const elopementAlertsQueryKey = (domainUUID: string, includeDismissed = false) =>
  [...ELOPEMENT_ALERTS_QUERY_ROOT, domainUUID, includeDismissed] as const;

/** Keyed by domain (not by the moving 'since'), so the 30 s refetch and socket invalidation hit one cache entry. */
export const elopementAlertsQueryOptions = (domainUUID: string, includeDismissed = false) =>
  queryOptions({
    queryKey: elopementAlertsQueryKey(domainUUID, includeDismissed),
    queryFn: ({ signal }) => getAllElopementAlerts(latestElopementAlertsQuery(domainUUID, Date.now(), includeDismissed), signal),
    refetchInterval: ELOPEMENT.refreshMs,
  });

/** The data refresh's 'latest elopement alerts' (spec part 1 §4); the check needs alerting/receive_er_alerts (§6). */
export const latestElopementAlertsLoader: ParallelLoader = {
  name: 'Latest elopement alerts',
  async load({ domainId, queryClient }) {
    const services = queryClient.getQueryData(entitlementsQueryOptions().queryKey)?.[domainId];
    if (!hasOperation(services, 'alerting', 'receive_er_alerts')) return;
    await queryClient.fetchQuery({ ...elopementAlertsQueryOptions(domainId), staleTime: 0 });
  },
};
