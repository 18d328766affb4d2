import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { relativeTime, riskHoursText, type Face } from '@vigil/contract';
import { Link } from 'react-router';
import { consentBadge } from '../lib/consent-form';
import { roleTag } from '../lib/face-labels';
import { FaceAvatar } from './face-avatar';

export const FACE_ROW_HEIGHT = 64;

/** One person of the list in FACE_ROW_HEIGHT pixels: photo or initials, name, role, where and when last seen. */
export function FaceRow({ face, now, selected }: { face: Face; now: number; selected: boolean }) {
  const seenId = `seen-${face.frontend_face_uuid}`;
  const seen = face.last_seen_datetime
    ? `${face.last_seen_camera_description ?? 'Unknown camera'} · ${relativeTime(Date.parse(face.last_seen_datetime), now)}`
    : 'Not seen yet';
  return (
    <UnstyledButton
      component={Link}
      to={`/faces/${face.frontend_face_uuid}`}
      aria-label={face.person_name}
      aria-describedby={seenId}
      aria-current={selected ? 'page' : undefined}
      display="block"
      h={FACE_ROW_HEIGHT}
      px="sm"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group h="100%" gap="sm" wrap="nowrap">
        <FaceAvatar face={face} size={40} />
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {face.person_name}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color={face.elopement_risk ? 'red' : 'gray'}
              title={face.elopement_risk ? `Elopement risk: ${riskHoursText(face.elopement_risk_hours)}` : undefined}
              style={{ flexShrink: 0 }}
            >
              {roleTag(face)}
            </Badge>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Badge size="xs" variant="outline" color={consentBadge(face.consent).color} style={{ flexShrink: 0 }}>
              {consentBadge(face.consent).label}
            </Badge>
            <Text id={seenId} size="xs" c="dimmed" truncate>
              {seen}
            </Text>
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
