import type { ReactNode } from 'react';
import { Box, Stack, Text } from '@mantine/core';
import { formatCredentialTime, type BadgeDetection } from '@vigil/contract';
import { MediaImage } from '../../../components/media-image';
import { DETECTION_COLOURS, detectionDisplay } from '../lib/detection-display';

export const TILE_SIZE = 88;

/**
 * A face seen at a tap (part 2 §4): framed in its class colour (green, yellow, gray, violet for a co-tenant), with its
 * label and confidence, the co-tenant it is more like, and whether it is verified. `frame` overrides the colour (the
 * tagging modal marks the selection with it).
 */
export function DetectionTile({ detection, frame, note }: { detection: BadgeDetection; frame?: string; note?: ReactNode }) {
  const shown = detectionDisplay(detection);
  const colour = frame ?? DETECTION_COLOURS[shown.colour];
  return (
    <Stack gap={2} w={TILE_SIZE + 6} data-colour={shown.colour}>
      <Box p={2} style={{ border: `3px solid var(--mantine-color-${colour}-6)`, borderRadius: 8, lineHeight: 0 }}>
        <MediaImage
          src={detection.imageUrl}
          alt={`Face at ${formatCredentialTime(detection.capturedAt)}`}
          w={TILE_SIZE - 4}
          h={TILE_SIZE - 4}
        />
      </Box>
      <Text size="xs" fw={600} lh={1.2}>
        {shown.label ?? 'No match'}
        {shown.confidence !== null && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            {shown.confidence}
          </Text>
        )}
      </Text>
      {shown.cotenant && (
        <Text size="xs" c="violet.8" lh={1.2} truncate>
          {shown.cotenant}
        </Text>
      )}
      {detection.verified && (
        <Text size="xs" c="green.8" lh={1.2}>
          Verified
        </Text>
      )}
      {note}
    </Stack>
  );
}
