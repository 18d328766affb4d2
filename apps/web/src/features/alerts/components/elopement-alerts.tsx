import { useMemo, useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ALERTS_MESSAGES, ELOPEMENT, hasOperation, type ElopementAlert, type ServiceMap } from '@vigil/contract';
import { elopementAlertsQueryOptions } from '../../../lib/api/get-elopement-alerts';
import { PageLoader } from '../../../components/page-loader';
import { useFlag } from '../../../lib/flags';
import { useNow } from '../hooks/use-now';
import { activeAlertsNewestFirst, dismissMode } from '../lib/dismiss-flow';
import { displayAlert } from '../lib/display-alert';
import { AlertsLoadError } from './alerts-load-error';
import { DismissAlertModal } from './dismiss-alert-modal';
import { ElopementAlertCard } from './elopement-alert-card';

/** Elopement alerts of the last 24 hours, newest first; refreshed every 30 s and whenever the socket says so. */
export function ElopementAlerts({ domainId, services }: { domainId: string; services: ServiceMap | undefined }) {
  const query = useQuery(elopementAlertsQueryOptions(domainId));
  const now = useNow(ELOPEMENT.tickMs);
  const [asking, setAsking] = useState<ElopementAlert | null>(null);
  const dummy = useFlag('dummy_face_names');
  const alerts = useMemo(
    () => activeAlertsNewestFirst(query.data?.alerts ?? []).map((alert) => displayAlert(alert, dummy)),
    [query.data, dummy],
  );
  const mode = dismissMode(services);
  const receivesAlerts = hasOperation(services, 'alerting', 'receive_er_alerts');

  if (query.isPending) return <PageLoader label="Loading alerts" />;
  if (query.isError && !query.data) {
    return <AlertsLoadError error={query.error} noAccess={ALERTS_MESSAGES.facesNoAccess} onRetry={() => void query.refetch()} />;
  }

  return (
    <>
      {alerts.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text>{ALERTS_MESSAGES.noAlerts}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            A resident at risk of elopement seen at an exit camera appears here at once.
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" role="list" gap="sm" p={0} m={0} aria-label="Elopement alerts">
          {alerts.map((alert) => (
            <ElopementAlertCard
              key={alert.alert_id}
              alert={alert}
              now={now}
              mode={mode}
              askPin={setAsking}
              receivesAlerts={receivesAlerts}
            />
          ))}
        </Stack>
      )}
      <DismissAlertModal alert={asking} domainId={domainId} onClose={() => setAsking(null)} />
    </>
  );
}
