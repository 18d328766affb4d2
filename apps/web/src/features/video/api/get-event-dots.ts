import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EVENTS, domainHoldingCamera, formatUtc, hasOperation } from '@vigil/contract';
import { useDomains } from '../../../lib/api/get-domains';
import { elopementAlertsQueryOptions } from '../../../lib/api/get-elopement-alerts';
import { useEntitlements } from '../../../lib/api/get-entitlements';
import { eventsQueryOptions } from '../../../lib/api/get-events';
import { elopementDots, eventDots, type TimelineDot } from '../lib/event-dots';

const NO_DOTS: TimelineDot[] = [];

/**
 * The dots of the video timeline for one camera: its object events in `range` (alerting/view_historic)
 * and the building's elopement alerts of the last 24 hours at that camera (alerting/receive_er_alerts).
 * `now` grades the alert colours.
 */
export function useTimelineDots(cameraId: string, range: { start: number; end: number } | null, now: number): TimelineDot[] {
  const domains = useDomains();
  const entitlements = useEntitlements();
  const domainId = domainHoldingCamera(domains.data ?? [], cameraId)?.uuid;
  const services = domainId ? entitlements.data?.[domainId] : undefined;
  const canViewEvents = hasOperation(services, 'alerting', 'view_historic');
  const canSeeAlerts = hasOperation(services, 'alerting', 'receive_er_alerts');

  const events = useQuery({
    ...eventsQueryOptions({
      domain_uuid: domainId ?? '',
      camera_uuid: cameraId,
      limit: EVENTS.searchLimit,
      since: formatUtc(new Date(range?.start ?? 0)),
      until: formatUtc(new Date(range?.end ?? 0)),
    }),
    enabled: canViewEvents && range !== null,
    // Keep the old dots while a pan or zoom asks for a new range.
    placeholderData: keepPreviousData,
  });
  const alerts = useQuery({ ...elopementAlertsQueryOptions(domainId ?? ''), enabled: canSeeAlerts && domainId !== undefined });

  const eventData = canViewEvents ? events.data?.data : undefined;
  const alertData = canSeeAlerts ? alerts.data?.alerts : undefined;
  return useMemo(() => {
    if (!eventData && !alertData) return NO_DOTS;
    return [...eventDots(eventData ?? [], cameraId), ...elopementDots(alertData ?? [], cameraId, now)];
  }, [eventData, alertData, cameraId, now]);
}
