import { useState } from 'react';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Detector, ServiceMap } from '@vigil/contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useViewer } from '../../../lib/viewer';
import { useDetectors } from '../api/get-detectors';
import { KeyCards } from '../components/key-cards';
import { KeyMade } from '../components/key-made';
import { KeysTable } from '../components/keys-table';
import { NewKeyForm } from '../components/new-key-form';
import { RevokeKeyDialog } from '../components/revoke-key-dialog';
import { sortKeys } from '../lib/key-view';

const PHONE = '(max-width: 47.99em)';

/** One building's keys: making one (shown once), the list, revoking. Remounted per building so nothing carries over. */
function BuildingKeys({ domainId, building, services }: { domainId: string; building: string; services: ServiceMap | undefined }) {
  const keys = useDetectors(domainId);
  // The secret lives here only: not in a query cache, storage or the URL; leaving the page forgets it.
  const [made, setMade] = useState<{ secret: string; detector: Detector } | null>(null);
  const [revoking, setRevoking] = useState<Detector | null>(null);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const list = sortKeys(keys.data ?? []);

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="new-key-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="new-key-title">
            New key
          </Title>
          <Text size="sm" c="dimmed">
            A machine sends its key with every call. Give each machine its own key, with only the purposes it needs.
          </Text>
          {made ? (
            <KeyMade detector={made.detector} secret={made.secret} onDone={() => setMade(null)} />
          ) : (
            <NewKeyForm domainId={domainId} services={services} onMade={(secret, detector) => setMade({ secret, detector })} />
          )}
        </Stack>
      </Paper>

      <section aria-labelledby="keys-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="keys-title">
            Keys of {building}
          </Title>
          {keys.isPending ? (
            <PageLoader label="Loading machine keys" />
          ) : keys.isError ? (
            <Alert color="red" title="Error" role="alert">
              Could not load the machine keys of {building}: {errorMessage(keys.error)}
              <div>
                <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void keys.refetch()}>
                  Try again
                </Button>
              </div>
            </Alert>
          ) : list.length === 0 ? (
            <Text>
              {building} has no machine keys yet. Make one above for each analyzer, detector or access-control system that sends data here.
            </Text>
          ) : phone ? (
            <KeyCards keys={list} onRevoke={setRevoking} />
          ) : (
            <KeysTable keys={list} onRevoke={setRevoking} />
          )}
        </Stack>
      </section>
      <RevokeKeyDialog detector={revoking} domainId={domainId} building={building} onClose={() => setRevoking(null)} />
    </Stack>
  );
}

/** /keys: the machine keys of the current building, for analyzers, detectors and access-control systems (alerting/edit). */
export default function KeysPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewer = useViewer();
  const services = viewer.status === 'ready' ? viewer.services : undefined;
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <PageHeader title={title} building={domain?.description} />
        {domainId && (
          <BuildingKeys key={domainId} domainId={domainId} building={domain?.description ?? 'this building'} services={services} />
        )}
      </Stack>
    </Container>
  );
}
