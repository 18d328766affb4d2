import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/http';
import { useViewer } from '../../../lib/viewer';
import { camerasQueryOptions } from '../api/get-cameras';
import { mayMarkExits } from '../lib/camera-exit';
import { CameraSettingsDialog } from './camera-settings-dialog';

/** 'Camera settings' under the viewer's player, for those who may change or delete cameras; the camera's details load on demand. */
export function CameraSettingsButton({
  domainId,
  cameraId,
  canEdit,
  canDelete,
  onDeleted,
}: {
  domainId: string;
  cameraId: string;
  canEdit: boolean;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const cameras = useQuery({ ...camerasQueryOptions(domainId), enabled: open });
  const camera = cameras.data?.find((c) => c.uuid === cameraId);
  // The viewer shows this for the current building's cameras only: its entitlements are the camera's.
  const viewer = useViewer();
  const canMarkExits = mayMarkExits(viewer.status === 'ready' ? viewer.services : undefined);
  return (
    <Group justify="flex-end" mt="xs" px={{ base: 'xs', sm: 0 }}>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} loading={open && cameras.isPending}>
        Camera settings
      </Button>
      {open && cameras.isError && (
        <Text size="sm" c="red" role="alert">
          Could not load the camera: {errorMessage(cameras.error)}
        </Text>
      )}
      {open && camera && (
        <CameraSettingsDialog
          camera={camera}
          canEdit={canEdit}
          canDelete={canDelete}
          canMarkExits={canMarkExits}
          onClose={() => setOpen(false)}
          onDeleted={() => {
            setOpen(false);
            onDeleted();
          }}
        />
      )}
    </Group>
  );
}
