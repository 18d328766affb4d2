import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { formatCredentialTime, formatUtc, titleCase, type AccessEvent, type BadgeDetection } from '@vigil/contract';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { viewerPath } from '../../../lib/viewer-path';
import { useTagSearch } from '../api/search-tags';
import { extraDetections, tapFlagTags } from '../lib/badge-texts';
import { DetectionTile } from './detection-tile';

export interface AccessEventCardAccess {
  /** keycard/edit: Confirm Detections */
  canTag: boolean;
  /** video/view_historic: Watch Video */
  canWatch: boolean;
}

function Faces({ detections, label }: { detections: readonly BadgeDetection[]; label: string }) {
  return (
    <Group gap="xs" align="flex-start" role="group" aria-label={label}>
      {detections.map((d) => (
        <DetectionTile key={d.detectionId} detection={d} />
      ))}
    </Group>
  );
}

/**
 * One tap (part 2 §2): when and where, its flags, the faces at the door in their class colours, and More Detections,
 * Confirm Detections and Watch Video.
 */
export function AccessEventCard({
  domainId,
  identityId,
  event,
  access,
  onConfirm,
}: {
  domainId: string;
  identityId: string;
  event: AccessEvent;
  access: AccessEventCardAccess;
  onConfirm: (event: AccessEvent, detections: readonly BadgeDetection[]) => void;
}) {
  const [more, setMore] = useState(false);
  const search = useTagSearch({ domainId, accessEventUuid: event.uuid, identityId }, more);
  const extras = extraDetections(event.detections, search.data?.detections ?? []);
  const time = formatCredentialTime(event.eventTimestamp);

  let moreFaces = null;
  if (more) {
    if (search.isPending) moreFaces = <Loader size="sm" aria-label="Looking for more faces" />;
    else if (search.isError)
      moreFaces = (
        <Text size="sm" c="red.8" role="alert">
          Could not look for more faces: {errorMessage(search.error)}
        </Text>
      );
    else if (extras.length === 0)
      moreFaces = (
        <Text size="sm" c="dimmed">
          No other faces within a minute of this tap.
        </Text>
      );
    else moreFaces = <Faces detections={extras} label="More faces within a minute" />;
  }

  return (
    <Paper component="article" aria-label={`Tap at ${time}`} withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text fw={600} size="sm">
              {time}
            </Text>
            <Text size="sm" c="dimmed">
              {event.accessPointDescription}
            </Text>
          </div>
          <Group gap={6}>
            {!event.granted && (
              <Badge color="red" variant="light">
                Denied
              </Badge>
            )}
            {tapFlagTags(event).map((flag) => (
              <Group key={flag.label} gap={4} wrap="nowrap">
                <Badge color="orange" variant="light">
                  {flag.label}
                </Badge>
                {flag.detail && (
                  <Text size="xs" c="dimmed">
                    {flag.detail}
                  </Text>
                )}
              </Group>
            ))}
          </Group>
        </Group>
        {event.lastVerifiedTenantDescription && (
          <Text size="xs" c="dimmed">
            Verified as {titleCase(event.lastVerifiedTenantDescription)}
            {event.lastVerifiedBy && ` by ${event.lastVerifiedBy}`}
          </Text>
        )}
        {event.detections.length === 0 ? (
          <Text size="sm" c="dimmed">
            No faces were seen at the door.
          </Text>
        ) : (
          <Faces detections={event.detections} label="Faces at the door" />
        )}
        {moreFaces}
        <Group gap="xs">
          {event.cameraUUID && (
            <Button size="xs" variant="light" onClick={() => setMore(true)} disabled={more}>
              More Detections
            </Button>
          )}
          {access.canTag && (
            <Button size="xs" onClick={() => onConfirm(event, [...event.detections, ...extras])}>
              Confirm Detections
            </Button>
          )}
          {access.canWatch && event.cameraUUID && (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={viewerPath(event.cameraUUID, formatUtc(new Date(event.eventTimestamp)))}
            >
              Watch Video
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
