import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { CameraStatus } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useDeleteCamera, useEditCamera } from '../api/change-camera';
import { useSetCameraExit } from '../api/set-camera-exit';
import { cameraChanges, cameraForm, type CameraForm, type Connection } from '../lib/camera-edit';
import { EXIT_MEANING, exitChangeText } from '../lib/camera-exit';

type Feedback = { kind: 'error' | 'success'; text: string } | null;

/** Name, address, stream path and credentials of a camera (video/edit). */
function EditForm({ camera, connection }: { camera: CameraStatus; connection: Connection }) {
  const [form, setForm] = useState<CameraForm>(() => cameraForm(camera, connection));
  const [feedback, setFeedback] = useState<Feedback>(null);
  const edit = useEditCamera();
  const set = <K extends keyof CameraForm>(key: K, value: CameraForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const built = cameraChanges(camera, connection, form);
    if (!built.ok) return setFeedback({ kind: 'error', text: built.error });
    if (built.changes === null) return setFeedback({ kind: 'error', text: 'Nothing has changed.' });
    setFeedback(null);
    edit.mutate(
      { uuid: camera.uuid, changes: built.changes },
      {
        onSuccess: (reply) => {
          setForm((f) => ({ ...f, password: '', clearPassword: false }));
          setFeedback({ kind: 'success', text: `${reply.camera.name} was saved; its recorder reconnects.` });
        },
        onError: (error) => setFeedback({ kind: 'error', text: `Error! ${errorMessage(error)}` }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Camera settings">
      <Stack gap="sm">
        <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        <Group grow align="flex-start">
          <Select
            label="Protocol"
            data={['rtsp', 'rtsps']}
            value={form.protocol}
            allowDeselect={false}
            onChange={(value) => value && set('protocol', value as CameraForm['protocol'])}
          />
          <NumberInput label="Port" min={1} max={65535} hideControls value={form.port} onChange={(v) => set('port', String(v))} />
        </Group>
        <TextInput
          label="Address"
          description="Host name or IP address"
          value={form.host}
          onChange={(e) => set('host', e.currentTarget.value)}
        />
        <TextInput label="Stream path" value={form.path} onChange={(e) => set('path', e.currentTarget.value)} />
        <TextInput label="User name" autoComplete="off" value={form.username} onChange={(e) => set('username', e.currentTarget.value)} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder={connection.has_password ? 'Unchanged' : 'None'}
          disabled={form.clearPassword}
          value={form.password}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        {connection.has_password && (
          <Checkbox
            label="Remove the password"
            checked={form.clearPassword}
            onChange={(e) => set('clearPassword', e.currentTarget.checked)}
          />
        )}
        {feedback && (
          <Alert color={feedback.kind === 'error' ? 'red' : 'teal'} role={feedback.kind === 'error' ? 'alert' : 'status'} variant="light">
            {feedback.text}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={edit.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Whether the camera is an exit: a switch for holders of alerting/edit, the fact for everyone else who opens the settings. */
function ExitSection({ camera, canMarkExits }: { camera: CameraStatus; canMarkExits: boolean }) {
  const setExit = useSetCameraExit();
  const [feedback, setFeedback] = useState<Feedback>(null);
  if (!canMarkExits)
    return (
      <Text size="sm" c="dimmed">
        {camera.is_exit ? `An exit. ${EXIT_MEANING}` : 'Not an exit.'} Marking exits needs alerting/edit in this building.
      </Text>
    );
  // While the change is under way (and the list reloads) the switch shows what was asked for.
  const checked = setExit.isPending ? setExit.variables.isExit : camera.is_exit;
  return (
    <Stack gap="xs">
      <Switch
        label="Exit"
        description={EXIT_MEANING}
        checked={checked}
        disabled={setExit.isPending}
        onChange={(event) => {
          setFeedback(null);
          setExit.mutate(
            { uuid: camera.uuid, isExit: event.currentTarget.checked },
            {
              onSuccess: (reply) => setFeedback({ kind: 'success', text: exitChangeText(reply) }),
              onError: (error) => setFeedback({ kind: 'error', text: `Error! ${errorMessage(error)}` }),
            },
          );
        }}
      />
      {feedback && (
        <Alert color={feedback.kind === 'error' ? 'red' : 'teal'} role={feedback.kind === 'error' ? 'alert' : 'status'} variant="light">
          {feedback.text}
        </Alert>
      )}
    </Stack>
  );
}

/** Deleting a camera (video/delete), after a confirmation that says what stays. */
function DeleteSection({ camera, onDeleted }: { camera: CameraStatus; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCamera();
  if (!confirming)
    return (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Stop recording this camera and take it out of every list.
        </Text>
        <Button color="red" variant="light" onClick={() => setConfirming(true)} style={{ flexShrink: 0 }}>
          Delete camera
        </Button>
      </Group>
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        Delete {camera.description}? It stops recording and leaves every list. What it recorded stays: its events, alerts and clips, until
        the retention period removes old clips.
      </Text>
      {remove.isError && (
        <Alert color="red" role="alert" variant="light">
          Error! {errorMessage(remove.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(camera.uuid, { onSuccess: onDeleted })}>
          Delete {camera.description}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A camera's settings: whether it is an exit (alerting/edit), change it (video/edit) or delete it (video/delete).
 * Opened from its card on the cameras page and from its viewer, so both work with the cameras-page flag off.
 */
export function CameraSettingsDialog({
  camera,
  canEdit,
  canDelete,
  canMarkExits,
  onClose,
  onDeleted,
}: {
  camera: CameraStatus;
  canEdit: boolean;
  canDelete: boolean;
  canMarkExits: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={`${camera.description}: settings`} centered>
      <Stack gap="md">
        <ExitSection camera={camera} canMarkExits={canMarkExits} />
        {(canEdit || canDelete) && <Divider />}
        {canEdit && camera.connection && <EditForm camera={camera} connection={camera.connection} />}
        {canEdit && canDelete && <Divider />}
        {canDelete && <DeleteSection camera={camera} onDeleted={onDeleted} />}
      </Stack>
    </Modal>
  );
}
