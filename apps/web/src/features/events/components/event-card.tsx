import { useState } from 'react';
import { Badge, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { EVENT_DOT_COLOURS, formatUtc, type EventClass, type TimelineEvent } from '@vigil/contract';
import { Link } from 'react-router';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';
import { viewerPath } from '../../../lib/viewer-path';
import { eventTitle } from '../lib/event-groups';

export const CLASS_COLOURS: Record<EventClass, string> = { person: 'gray', pet: 'green', vehicle: 'blue', box: 'orange' };

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
export const formatEventTime = (t: number): string => timeFormat.format(t);

/** The frame cut from the recording at the event; it may not exist (nothing recorded then, or not yet written). */
function EventFrame({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  return (
    <Image
      src={resolveMediaUrl(src, currentApiHost())}
      alt="Frame at the event"
      w="100%"
      maw={240}
      radius="sm"
      loading="lazy"
      style={{ aspectRatio: '16 / 9' }}
      fit="cover"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * The detector's own account of an event: its frame, its description and each detection with its confidence.
 * Frames load only here, on request: a long list would otherwise ask for hundreds of them at once.
 */
function EventMetrics({ metrics, image }: { metrics: TimelineEvent['metrics']; image: string | null }) {
  return (
    <Stack gap={4} mt={4} data-testid="event-metrics">
      {image && <EventFrame src={image} />}
      {metrics.description && (
        <Text size="xs" c="dimmed">
          {metrics.description}
        </Text>
      )}
      <Group gap={4}>
        {metrics.detections.map((d, i) => (
          <Badge key={i} size="xs" variant="outline" color="gray" tt="none">
            {d.name} {Math.round(d.confidence * 100)}%
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** One event of the timeline: a dot in its timeline colour, title, class, time and camera, metrics on request, and View Clip. */
export function EventCard({ event, showMetrics, canViewClip }: { event: TimelineEvent; showMetrics: boolean; canViewClip: boolean }) {
  const title = eventTitle(event);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box
        aria-hidden="true"
        mt={6}
        w={10}
        h={10}
        style={{ flexShrink: 0, borderRadius: '50%', background: EVENT_DOT_COLOURS[event.className] }}
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          <Text size="sm" fw={600} lineClamp={1} title={title}>
            {title}
          </Text>
          <Badge size="sm" variant="light" color={CLASS_COLOURS[event.eventClass]} style={{ flexShrink: 0 }} data-testid="event-class">
            {event.eventClass}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          <time dateTime={new Date(event.timestamp).toISOString()}>{formatEventTime(event.timestamp)}</time> · {event.cameraDescription}
        </Text>
        {showMetrics && <EventMetrics metrics={event.metrics} image={event.image} />}
        {canViewClip && (
          <Button
            component={Link}
            to={viewerPath(event.cameraId, formatUtc(new Date(event.timestamp)))}
            size="compact-xs"
            variant="light"
            mt={4}
            aria-label={`View Clip: ${title} at ${formatEventTime(event.timestamp)}, ${event.cameraDescription}`}
          >
            View Clip
          </Button>
        )}
      </Box>
    </Group>
  );
}
