import { Avatar, Button, Paper, Stack, Text } from '@mantine/core';
import { formatFilterDate, relativeTime, type ConfirmedFace } from '@vigil/contract';
import { Link } from 'react-router';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';
import { useRemoveConfirmation } from '../api/remove-confirmation';
import { CONFIRMED_TEXTS, exactTime } from '../lib/training-texts';
import { MediaImage } from '../../../components/media-image';

/** A confirmed face (part 2 §2): the person's profile button, the detected face, and 'Remove' to take the confirmation back. */
export function ConfirmedFaceCard({
  face,
  name,
  now,
  onRemoved,
}: {
  face: ConfirmedFace;
  name: string;
  now: number;
  onRemoved: () => void;
}) {
  const remove = useRemoveConfirmation();
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      aria-label={`Confirmed face of ${name}, ${face.camera_description}, ${formatFilterDate(face.captured_at)}`}
    >
      <Stack gap="xs">
        <Button
          component={Link}
          to={`/faces/${face.frontend_face_uuid}`}
          variant="subtle"
          justify="flex-start"
          px={4}
          leftSection={
            <Avatar
              src={face.frontend_image_uri ? resolveMediaUrl(face.frontend_image_uri, currentApiHost()) : null}
              alt=""
              size={28}
              radius="xl"
              aria-hidden="true"
            />
          }
        >
          {name}
        </Button>
        <MediaImage src={face.frame_uri} alt={`Detected face of ${name}`} w="100%" h={200} />
        <Text size="xs" c="dimmed">
          {face.camera_description} ·{' '}
          <time dateTime={face.captured_at} title={exactTime(face.captured_at)}>
            {relativeTime(Date.parse(face.captured_at), now)}
          </time>
        </Text>
        {face.confirmed_by && (
          // An e-mail address or an id has no place to break: it must not widen the card past a phone's screen.
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Confirmed by {face.confirmed_by}
          </Text>
        )}
        <Button color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate(face, { onSuccess: onRemoved })}>
          {CONFIRMED_TEXTS.remove}
        </Button>
      </Stack>
    </Paper>
  );
}
