import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import type { ArchiveState } from '../lib/archive-controller';
import type { LiveStatus } from '../hooks/use-live-video';

/** What lies over the video: a spinner while loading, 'still uploading', or a clip error under 'Error'. */
export function PlayerStatus({ live, liveStatus, archive }: { live: boolean; liveStatus: LiveStatus; archive: ArchiveState }) {
  if (live) {
    if (liveStatus !== 'starting') return null;
    return <Overlay label="Starting live video…" />;
  }
  switch (archive.status) {
    case 'loading':
      return <Overlay label="Loading recorded video…" />;
    case 'uploading':
      return (
        <Center pos="absolute" top={0} left={0} right={0} p="sm" style={{ pointerEvents: 'none' }}>
          <Alert color="blue" variant="filled" role="status" icon={<Loader size="xs" color="white" />} maw={460} py={8}>
            {archive.message}
          </Alert>
        </Center>
      );
    case 'error':
      return (
        <Center pos="absolute" inset={0} p="md" style={{ pointerEvents: 'none' }}>
          <Alert color="red" variant="filled" title="Error" role="alert" maw={460}>
            {archive.message}
          </Alert>
        </Center>
      );
    default:
      return null;
  }
}

export const TEST_STREAM_NOTICE =
  "Live video failed to start: showing a test stream (the time in the picture is the server's) so you can tell a player problem from a camera problem.";

/** Above the player while the HLS test-stream fallback plays: what the picture is, and what it tells. */
export function TestStreamBanner() {
  return (
    <Alert color="yellow" variant="light" role="status" title="Test stream">
      {TEST_STREAM_NOTICE}
    </Alert>
  );
}

function Overlay({ label }: { label: string }) {
  return (
    <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }} role="status" aria-label={label}>
      <Stack align="center" gap={6}>
        <Loader color="white" />
        <Text c="white" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
