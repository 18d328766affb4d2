import { useState } from 'react';
import { AspectRatio, Badge, Button, Card, Center, Group, Image, Text } from '@mantine/core';
import { formatUtc, type CameraStatus } from '@vigil/contract';
import { Link } from 'react-router';
import type { AnalysisView } from '../../../lib/analysis-status';
import { currentApiHost } from '../../../lib/api-host';
import { formatTimelineInstant } from '../../../lib/format-instant';
import { resolveMediaUrl } from '../../../lib/media-url';
import { EXIT_MEANING } from '../lib/camera-exit';
import { AnalysisLine } from './analysis-line';

const STATE_COLORS: Record<CameraStatus['state'], string> = {
  recording: 'teal',
  connecting: 'yellow',
  offline: 'red',
  stopped: 'gray',
};

/** 'since …' for an offline or stopped camera; null otherwise. */
export function sinceText(camera: Pick<CameraStatus, 'state' | 'since'>): string | null {
  if ((camera.state === 'offline' || camera.state === 'stopped') && camera.since)
    return `since ${formatTimelineInstant(Date.parse(camera.since))}`;
  return null;
}

function Placeholder() {
  return (
    <Center h="100%" bg="gray.2" aria-hidden="true">
      <svg width="48" height="48" viewBox="0 0 24 24" fill="var(--mantine-color-gray-5)">
        <path d="M4 7h10a2 2 0 0 1 2 2v1.5l4-2.5v8l-4-2.5V15a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z" />
      </svg>
    </Center>
  );
}

/**
 * A camera of the cameras list: thumbnail and name open the viewer at its latest clip; below, its state, whether it is
 * an exit and, for those who manage cameras or exits, a settings button; then how it is analysed, once that is known.
 */
export function CameraCard({
  camera,
  fallbackMoment,
  analysis,
  onSettings,
}: {
  camera: CameraStatus;
  fallbackMoment: Date;
  analysis?: AnalysisView | undefined;
  onSettings?: (() => void) | undefined;
}) {
  const [broken, setBroken] = useState(false);
  const moment = camera.latest_clip_start ? new Date(camera.latest_clip_start) : fallbackMoment;
  const thumbnail = camera.thumbnail_url && !broken ? resolveMediaUrl(camera.thumbnail_url, currentApiHost()) : null;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={camera.description}>
      <Card.Section component={Link} to={`/view/${camera.uuid}/${formatUtc(moment)}`} aria-label={`View ${camera.description}`}>
        <AspectRatio ratio={16 / 9}>
          {thumbnail ? <Image src={thumbnail} alt="" fit="cover" onError={() => setBroken(true)} /> : <Placeholder />}
        </AspectRatio>
      </Card.Section>
      <Text fw={600} mt="sm" lineClamp={2}>
        {camera.description}
      </Text>
      <Group gap={6} mt={6} wrap="nowrap">
        <Badge color={STATE_COLORS[camera.state]} variant="light" style={{ flexShrink: 0 }}>
          {camera.state}
        </Badge>
        {camera.is_exit && (
          <Badge color="orange" variant="filled" style={{ flexShrink: 0 }} title={EXIT_MEANING}>
            Exit
          </Badge>
        )}
        <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
          {sinceText(camera) ?? camera.category}
        </Text>
        {onSettings && (
          <Button size="compact-xs" variant="subtle" onClick={onSettings} aria-label={`Settings of ${camera.description}`}>
            Settings
          </Button>
        )}
      </Group>
      {camera.error && (
        <Text size="xs" c="dimmed" mt={4} lineClamp={1} title={camera.error}>
          {camera.error}
        </Text>
      )}
      {analysis && <AnalysisLine view={analysis} />}
    </Card>
  );
}
