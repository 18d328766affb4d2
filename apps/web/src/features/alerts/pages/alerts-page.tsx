import { Alert, Container, Group, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { useDomains } from '../../../lib/api/get-domains';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useViewer } from '../../../lib/viewer';
import { ElopementAlerts } from '../components/elopement-alerts';
import { LiveStatus } from '../components/live-status';
import { ObjectsFeed } from '../components/objects-feed';
import { PushToggle } from '../components/push-toggle';
import { useLinkedDomain } from '../hooks/use-linked-domain';
import { ALERTS_SUBTITLES, alertsView } from '../lib/alerts-view';

/** /alerts: the current building's elopement alerts or alerted object events, by its alerts_source preference. */
export default function AlertsPage({ title }: { title: string }) {
  const viewer = useViewer();
  const { domains, domain, domainId } = useCurrentDomain();
  const domainsQuery = useDomains();
  useLinkedDomain(domains, domainId);
  // A permissions failure is shown by the shell's notice above every page.
  if (viewer.status === 'error') return null;
  if (domainsQuery.isError && domains === undefined) {
    return (
      <Alert color="red" role="alert" title="Error">
        Could not load your buildings and cameras: {errorMessage(domainsQuery.error)}
      </Alert>
    );
  }
  if (viewer.status !== 'ready' || domains === undefined) return <PageLoader label="Loading alerts" />;
  if (!domainId || !domain) {
    return (
      <Alert color="gray" title={title}>
        You do not belong to any building yet. Ask your administrator to add you to one.
      </Alert>
    );
  }
  const view = alertsView(domain, viewer.services);

  return (
    <Container size="lg" px={{ base: 0, sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {title}
            </Title>
            <Text size="sm" c="dimmed" truncate>
              {domain.description}
              {view.kind !== 'no-access' && ` · ${ALERTS_SUBTITLES[view.kind]}`}
            </Text>
          </div>
          {view.kind !== 'no-access' && <LiveStatus />}
        </Group>
        {view.kind === 'no-access' && (
          <Alert color="red" role="alert">
            {view.message}
          </Alert>
        )}
        {view.kind === 'objects' && <ObjectsFeed key={domainId} domainId={domainId} canViewClip={view.canViewClip} />}
        {view.kind === 'elopement' && <PushToggle key={`device-${domainId}`} domainId={domainId} buildingName={domain.description} />}
        {view.kind === 'elopement' && <ElopementAlerts key={domainId} domainId={domainId} services={viewer.services} />}
      </Stack>
    </Container>
  );
}
