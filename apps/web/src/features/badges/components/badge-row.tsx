import { Avatar, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { BADGES, ratioPercent, titleCase, type BadgeIdentity } from '@vigil/contract';
import { Link } from 'react-router';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';
import { BADGE_MESSAGES, tapsText } from '../lib/badge-texts';
import { KeyIcon } from './key-icon';

/**
 * One identity of the badge list in BADGES.cellHeight pixels (part 2 §2): photo or initials, title-cased name, the key
 * of a tenant of record, match ratio, taps and 'Needs Training'.
 */
export function BadgeRow({ identity, selected }: { identity: BadgeIdentity; selected: boolean }) {
  const name = titleCase(identity.name);
  const thumbnail = identity.images[0]?.thumbnail_uri;
  const factsId = `badge-facts-${identity.identityId}`;
  return (
    <UnstyledButton
      component={Link}
      to={`/credential/${identity.identityId}`}
      aria-label={name}
      aria-describedby={factsId}
      aria-current={selected ? 'page' : undefined}
      display="block"
      h={BADGES.cellHeight}
      px="sm"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group h="100%" gap="sm" wrap="nowrap">
        <Avatar
          src={thumbnail ? resolveMediaUrl(thumbnail, currentApiHost()) : null}
          alt=""
          size={40}
          radius="xl"
          color="initials"
          name={name}
          aria-hidden="true"
        />
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {name}
            </Text>
            {identity.role === 'tor' && <KeyIcon />}
          </Group>
          <Group id={factsId} gap={8} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {ratioPercent(identity.matchRatio)} match
            </Text>
            <Text size="xs" c="dimmed">
              {tapsText(identity.total)}
            </Text>
            {!identity.wellTrained && (
              <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
                {BADGE_MESSAGES.needsTraining}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
