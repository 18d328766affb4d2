import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { ARCHIVE, hasOperation, sortCameras } from '@vigil/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { describeAnalysis, type AnalysisView } from '../../../lib/analysis-status';
import { useAnalyzers } from '../../../lib/api/get-analyzers';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useNow } from '../../../lib/use-now';
import { useViewer } from '../../../lib/viewer';
import { useCameras } from '../api/get-cameras';
import { CameraCard } from '../components/camera-card';
import { CameraSettingsDialog } from '../components/camera-settings-dialog';
import { mayMarkExits } from '../lib/camera-exit';

/** /camera/all: a card per camera of the current building (spec part 1 §2). */
export default function CamerasPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const cameras = useCameras(domainId);
  const analyzers = useAnalyzers(domainId);
  const now = useNow(5_000);
  // Without the analyzer status (loading, or refused) the cards simply have no analysis line.
  const analysisOf = useMemo(
    () => new Map<string, AnalysisView>((analyzers.data ?? []).map((c) => [c.camera_uuid, describeAnalysis(c, now)])),
    [analyzers.data, now],
  );
  const services = viewerState.status === 'ready' ? viewerState.services : undefined;
  const canAdd = hasOperation(services, 'video', 'add');
  const canEdit = hasOperation(services, 'video', 'edit');
  const canDelete = hasOperation(services, 'video', 'delete');
  const canMarkExits = mayMarkExits(services);
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const settingsCamera = cameras.data?.find((c) => c.uuid === settingsOf);
  // Cameras without a recording yet open one minute before the page loaded.
  const [fallbackMoment] = useState(() => new Date(Date.now() - ARCHIVE.defaultAgoSeconds * 1000));

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <PageHeader
          title={title}
          building={domain?.description}
          action={
            canAdd && (
              <Button component={Link} to="/camera/add" variant="light">
                Add Camera
              </Button>
            )
          }
        />
        {cameras.isPending && <PageLoader label="Loading cameras" />}
        {cameras.isError && (
          <Alert color="red" title="Error" role="alert">
            Could not load the cameras: {errorMessage(cameras.error)}
          </Alert>
        )}
        {cameras.data && cameras.data.length === 0 && (
          <Text>
            This building has no cameras yet.{' '}
            {canAdd && (
              <Anchor component={Link} to="/camera/add">
                Add a camera
              </Anchor>
            )}
          </Text>
        )}
        {cameras.data && cameras.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="section" aria-label="Cameras">
            {sortCameras(cameras.data).map((camera) => (
              <CameraCard
                key={camera.uuid}
                camera={camera}
                fallbackMoment={fallbackMoment}
                analysis={analysisOf.get(camera.uuid)}
                onSettings={canEdit || canDelete || canMarkExits ? () => setSettingsOf(camera.uuid) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {settingsCamera && (
        <CameraSettingsDialog
          camera={settingsCamera}
          canEdit={canEdit}
          canDelete={canDelete}
          canMarkExits={canMarkExits}
          onClose={() => setSettingsOf(null)}
          onDeleted={() => setSettingsOf(null)}
        />
      )}
    </Container>
  );
}
