import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import {
  CAMERA_ROW_FIELDS,
  ONBOARDING_MESSAGES,
  cameraRowEntry,
  cameraRowIssues,
  rowStreams,
  withCameraRowValue,
  type CameraRowDraft,
  type FormValue,
} from '@vigil/contract';
import { FormKitFields } from '../../../components/form-kit';

/** What the exit switch says an exit is. */
const EXIT_MEANING = 'Faces of residents at elopement risk seen here raise elopement alerts.';

/**
 * One camera of the camera step: its form-kit fields (make, connection, GPU, address, channel, number, description,
 * credentials, streams) and, for those who may mark exits, whether it is one.
 */
export function CameraRowCard({
  row,
  index,
  previous,
  showErrors,
  canDelete,
  canMarkExits = false,
  onChange,
  onDelete,
}: {
  row: CameraRowDraft;
  index: number;
  previous: CameraRowDraft | undefined;
  showErrors: boolean;
  canDelete: boolean;
  canMarkExits?: boolean;
  onChange(row: CameraRowDraft): void;
  onDelete(): void;
}) {
  const issues = cameraRowIssues(row);
  // A TVI camera set to internal is wrong at once; the rest are shown when 'Finished' is pressed.
  const errors = showErrors ? issues.errors : issues.errors.filter((e) => e === ONBOARDING_MESSAGES.tviNeedsNvr);
  // The row's problems are said in the spec's words below it, not as 'Required.' under each field.
  const form = {
    fields: CAMERA_ROW_FIELDS,
    entry: cameraRowEntry(row),
    setValue: (identifier: string, value: FormValue) => onChange(withCameraRowValue(row, previous, identifier, value)),
    missing: [],
  };
  const streams = rowStreams(row);
  const label = `Camera ${index + 1}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label} data-testid="camera-row">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          <Button variant="subtle" color="red" size="xs" onClick={onDelete} disabled={!canDelete}>
            Delete
          </Button>
        </Group>
        <FormKitFields form={form} />
        {canMarkExits && (
          <Switch
            label="Exit"
            description={EXIT_MEANING}
            checked={row.isExit === true}
            onChange={(event) => {
              const { isExit: _was, ...rest } = row;
              onChange(event.currentTarget.checked ? { ...rest, isExit: true } : rest);
            }}
          />
        )}
        {streams.length > 0 && (
          <Stack gap={2}>
            {streams.map((s) => (
              <Group key={s.quality} gap="xs" wrap="nowrap">
                <Badge variant="light" size="sm" w={52}>
                  {s.quality}
                </Badge>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {s.videoURL}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {issues.notes.map((note) => (
          <Alert key={note} color="yellow" variant="light" py={6}>
            {note}
          </Alert>
        ))}
        {errors.map((error) => (
          <Alert key={error} color="red" variant="light" py={6} role="alert">
            {error}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
