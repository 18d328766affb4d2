import { useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { FACES_MESSAGES } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useDeleteFace } from '../api/change-face';
import { EraseFacePanel } from './erase-face-panel';

/**
 * 'Remove {name}?' with Yes and No (part 2 §2); on success the list reloads and `onDeleted` runs. Below it, "Erase this
 * person" (issue 27) goes further: everything held of them, confirmed by typing their name.
 */
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
  const [erasing, setErasing] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={erasing ? `Erase ${name}?` : FACES_MESSAGES.removePerson(name)}
      centered
      size={erasing ? 'lg' : 'md'}
    >
      {erasing ? (
        <EraseFacePanel faceId={faceId} name={name} onBack={() => setErasing(false)} onErased={onDeleted} />
      ) : (
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
          <Divider my={4} />
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed">
              To delete everything held of them too (photos, detections, their place in trained models), for good:
            </Text>
            <Button
              variant="outline"
              color="red"
              size="compact-sm"
              onClick={() => setErasing(true)}
              disabled={remove.isPending}
              style={{ flexShrink: 0 }}
            >
              Erase this person…
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
