import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlertSettingsReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/events/v1/alert_settings?domain_uuid=: the building's rules, its time zone and today's dawn and dusk. */
export async function getAlertSettings(domainId: string, signal?: AbortSignal): Promise<AlertSettingsReply> {
  return apiRequest<AlertSettingsReply>('GET', '/api/events/v1/alert_settings', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

export const alertSettingsQueryKey = (domainId: string) => ['alert-settings', domainId] as const;

export const alertSettingsQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: alertSettingsQueryKey(domainId), queryFn: ({ signal }) => getAlertSettings(domainId, signal) });

export function useAlertSettings(domainId: string | null) {
  return useQuery({ ...alertSettingsQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
