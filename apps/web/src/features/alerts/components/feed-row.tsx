import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { EVENTS, relativeTime } from '@vigil/contract';
import { Link } from 'react-router';
import { formatEventTime, type FeedRow as Row } from '../lib/event-rows';
import { FrameImage } from './frame-image';

/** One alerted event in exactly EVENTS.rowHeight pixels: frame, what, where, when, and a way to the clip. */
export function FeedRow({ row, now, canViewClip }: { row: Row; now: number; canViewClip: boolean }) {
  const when = `${formatEventTime(row.startedAt, now)} · ${relativeTime(row.startedAt, now)}`;
  return (
    <Group h={EVENTS.rowHeight} wrap="nowrap" gap="sm" px="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <FrameImage
        src={row.thumbnailUri}
        alt={`Frame of ${row.description}`}
        takenAt={row.startedAt}
        w={{ base: 56, xs: 84 }}
        h={EVENTS.rowHeight - 16}
      />
      <Box miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm" lh="20px" truncate>
            {row.description}
          </Text>
          <Badge size="xs" variant="light" visibleFrom="xs" style={{ flexShrink: 0 }}>
            {row.category}
          </Badge>
        </Group>
        <Text size="xs" lh="16px" truncate>
          {row.cameraDescription}
          {row.objects.length > 0 && <Text span c="dimmed" size="xs">{` · ${row.objects.join(', ')}`}</Text>}
        </Text>
        <Text size="xs" lh="16px" c="dimmed" truncate>
          <Text span inherit hiddenFrom="xs">{`${row.category} · `}</Text>
          <time dateTime={new Date(row.startedAt).toISOString()}>{when}</time>
        </Text>
      </Box>
      {canViewClip && (
        <Button component={Link} to={row.clipPath} size="compact-sm" px={{ base: 6, xs: 'xs' }} variant="light" style={{ flexShrink: 0 }}>
          View Clip
        </Button>
      )}
    </Group>
  );
}
