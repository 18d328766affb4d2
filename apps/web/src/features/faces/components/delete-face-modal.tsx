import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FACES_MESSAGES } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useDeleteFace } from '../api/change-face';

/** 'Remove {name}?' with Yes and No (part 2 §2); on success the list reloads and `onDeleted` runs. */
export function DeleteFaceModal({
  faceId,
  name,
  onClose,
  onDeleted,
}: {
  faceId: string;
  name: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFace();
  return (
    <Modal opened onClose={onClose} title={FACES_MESSAGES.removePerson(name)} centered>
      <Stack gap="sm">
        <Text size="sm">
          {name} is taken out of the registry and no longer recognised. Alerts and confirmed detections that name them stay.
        </Text>
        {remove.isError && (
          <Alert color="red" role="alert" variant="light">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            No
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(faceId, { onSuccess: onDeleted })}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
