import { useEffect, useMemo, type ComponentType } from 'react';
import { Alert, Anchor, Box, Container, Flex, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ARCHIVE, formatUtc, hasOperation, parseViewerTimestamp, resolveViewerCamera, sortCameras, type Camera } from '@vigil/contract';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { currentCameraStore, setCurrentCameraId, setCurrentDomainId, useCurrentDomain } from '../../../lib/current-domain';
import { useFlag } from '../../../lib/flags';
import { errorMessage } from '../../../lib/http';
import { useDomains } from '../../../lib/api/get-domains';
import { refreshDataModel } from '../../../lib/refresh';
import { useStore } from '../../../lib/store';
import { useViewer } from '../../../lib/viewer';
import { viewerPath } from '../../../lib/viewer-path';
import { VideoStage } from '../components/video-stage';
import { useViewerNavigation, useViewerRequest } from '../hooks/use-viewer-request';

/** The URL's moment is a UTC time the viewer can read (parseViewerTimestamp falls back to one minute ago otherwise). */
function isUtcTimestamp(raw: string | undefined): boolean {
  const epoch = new Date(0);
  const moment = parseViewerTimestamp(raw, epoch, false);
  return moment.mode === 'archive' && moment.at.getTime() !== epoch.getTime() - ARCHIVE.defaultAgoSeconds * 1000;
}

/**
 * What other areas put on the viewer page; the app composes them (features do not import each other): the camera's
 * events beside the player (events) and 'Camera settings' under it (cameras).
 */
export interface ViewerPanels {
  EventsPanel: ComponentType<{ domainId: string; cameraId: string; cameras: readonly Camera[] }>;
  CameraSettings: ComponentType<{ domainId: string; cameraId: string; canEdit: boolean; canDelete: boolean; onDeleted: () => void }>;
}

/** /view/:cameraId?/:timestamp? */
export default function ViewerPage({ title, panels }: { title: string; panels: ViewerPanels }) {
  const { EventsPanel, CameraSettings } = panels;
  const { domains, domainId, domain } = useCurrentDomain();
  const domainsQuery = useDomains();
  const viewerState = useViewer();
  const queryClient = useQueryClient();
  const remembered = useStore(currentCameraStore);
  const hlsOn = useFlag('hls');
  const services = viewerState.status === 'ready' ? viewerState.services : undefined;
  // Live video needs video/view_live, and the HLS feature flag on.
  const canViewLive = hasOperation(services, 'video', 'view_live') && hlsOn;
  const request = useViewerRequest(canViewLive);
  // Changing and deleting a camera from its viewer: reachable with the cameras-page flag off (DECISIONS.md).
  const canEdit = hasOperation(services, 'video', 'edit');
  const canDelete = hasOperation(services, 'video', 'delete');
  const nav = useViewerNavigation();

  const cameraDomains = useMemo(() => new Map((domains ?? []).flatMap((d) => d.cameras.map((c) => [c.uuid, d.uuid] as const))), [domains]);
  const currentCameraIds = useMemo(() => (domain?.cameras ?? []).map((c) => c.uuid), [domain]);
  const knownCameraIds = useMemo(() => (domains === undefined ? null : new Set(cameraDomains.keys())), [domains, cameraDomains]);
  const cameraId = resolveViewerCamera(request.cameraParam, knownCameraIds, currentCameraIds, remembered);
  const cameraDomainId = cameraId ? cameraDomains.get(cameraId) : undefined;
  const cameras = useMemo(() => {
    const holder = domains?.find((d) => d.uuid === cameraDomainId);
    return sortCameras(holder?.cameras ?? []);
  }, [domains, cameraDomainId]);

  // The viewer makes the current building the camera's, and remembers the camera.
  useEffect(() => {
    if (!cameraId || !cameraDomainId) return;
    setCurrentCameraId(cameraId);
    if (cameraDomainId !== domainId) {
      setCurrentDomainId(cameraDomainId);
      void refreshDataModel(queryClient, cameraDomainId).then(({ failures }) => {
        for (const failure of failures) console.warn(`Refreshing ${failure.step} failed`, failure.error);
      });
    }
  }, [cameraId, cameraDomainId, domainId, queryClient]);

  // A missing or unknown camera, or a missing or unreadable moment, in the URL is replaced by what is shown.
  const timestampParam = useParams().timestamp;
  const timestampReadable = timestampParam === 'live' ? canViewLive : isUtcTimestamp(timestampParam);
  useEffect(() => {
    if (!cameraId || (request.cameraParam === cameraId && timestampReadable)) return;
    const moment = request.moment.mode === 'live' ? 'live' : formatUtc(request.moment.at);
    nav.follow(viewerPath(cameraId, moment));
  }, [cameraId, request, nav, timestampReadable]);

  if (domains === undefined) {
    if (domainsQuery.isError) {
      return (
        <Container size="sm" py="xl">
          <Alert color="red" title="Error" role="alert">
            Could not load your buildings and cameras: {errorMessage(domainsQuery.error)}
          </Alert>
        </Container>
      );
    }
    return <PageLoader label="Loading cameras" />;
  }

  return (
    <Container size="xl" py={{ base: 'xs', sm: 'md' }} px={{ base: 0, sm: 'md' }}>
      <VisuallyHidden>
        <Title order={1}>{title}</Title>
      </VisuallyHidden>
      {cameraId && cameraDomainId ? (
        // The events sit beside the player on wide screens and below it on narrow ones.
        <Flex direction={{ base: 'column', lg: 'row' }} gap="md" align={{ base: 'stretch', lg: 'flex-start' }}>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <VideoStage key={cameraId} cameras={cameras} cameraId={cameraId} request={request} canViewLive={canViewLive} />
            {cameraDomainId === domainId && (canEdit || canDelete) && (
              <CameraSettings
                domainId={cameraDomainId}
                cameraId={cameraId}
                canEdit={canEdit}
                canDelete={canDelete}
                onDeleted={() => nav.go('/view')}
              />
            )}
          </Box>
          <EventsPanel domainId={cameraDomainId} cameraId={cameraId} cameras={cameras} />
        </Flex>
      ) : (
        <NoCameras canAdd={hasOperation(services, 'video', 'add')} building={domain?.description} />
      )}
    </Container>
  );
}

function NoCameras({ canAdd, building }: { canAdd: boolean; building: string | undefined }) {
  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto">
      <Stack gap="xs">
        <Title order={2} fz="h3">
          No cameras yet
        </Title>
        <Text>{building ? `${building} has no cameras yet.` : 'This building has no cameras yet.'}</Text>
        {canAdd && (
          <Anchor component={Link} to="/camera/add">
            Add a camera
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
