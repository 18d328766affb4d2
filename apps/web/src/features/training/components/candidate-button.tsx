import { Avatar, Badge, Group, Kbd, Stack, Text, UnstyledButton } from '@mantine/core';
import { confidenceColour, formatConfidence, isConfirmedClass, type DetectedMatch } from '@vigil/contract';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * One candidate of a detection: the person's photo and name, and the recognizer's confidence coloured red, yellow or
 * green (part 2 §5). Clicking it confirms the face to this person; the confirmed one is pressed.
 */
export function CandidateButton({
  match,
  name,
  number,
  onConfirm,
}: {
  match: DetectedMatch;
  name: string;
  /** its key, 1 to 4 */
  number: number;
  onConfirm: () => void;
}) {
  // A person the recognizer did not put forward (a visitor made from this face) has no confidence to show.
  const confidence = match.confidence === null ? null : formatConfidence(match.confidence);
  const border = match.is_exact ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-3)';
  return (
    <UnstyledButton
      onClick={onConfirm}
      aria-label={confidence === null ? `Confirm as ${name}` : `Confirm as ${name} (${confidence})`}
      aria-pressed={match.is_exact}
      title={match.is_exact ? `Confirmed as ${name}` : `Confirm as ${name}`}
      p={6}
      miw={0}
      style={{
        border: `${match.is_exact ? 2 : 1}px solid ${border}`,
        borderRadius: 8,
        background: match.is_exact ? 'var(--mantine-color-teal-0)' : undefined,
        opacity: match.is_rejected ? 0.6 : 1,
      }}
    >
      <Group gap={6} wrap="nowrap" miw={0}>
        <Kbd size="xs" aria-hidden="true">
          {number}
        </Kbd>
        <Avatar
          src={match.image_uri ? resolveMediaUrl(match.image_uri, currentApiHost()) : null}
          alt=""
          size={36}
          radius="xl"
          aria-hidden="true"
        >
          {initials(name)}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} truncate td={match.is_rejected ? 'line-through' : undefined}>
            {name}
          </Text>
          <Group gap={4} wrap="nowrap">
            {match.confidence !== null && (
              <Badge size="sm" color={confidenceColour(match.confidence)} variant={isConfirmedClass(match.confidence) ? 'filled' : 'light'}>
                {confidence}
              </Badge>
            )}
            {match.is_exact && (
              <Text size="xs" c="teal.8" fw={600}>
                Confirmed
              </Text>
            )}
            {match.is_rejected && (
              <Text size="xs" c="dimmed">
                Not this person
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
