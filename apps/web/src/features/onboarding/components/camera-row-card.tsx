import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  GPU_TYPES,
  MANUFACTURERS,
  ONBOARDING_MESSAGES,
  cameraRowIssues,
  nextCameraNumber,
  rowStreams,
  type CameraRowDraft,
  type GpuType,
  type Manufacturer,
} from '@vigil/contract';

type Identity = 'manufacturer' | 'type' | 'address' | 'port';

/** One camera of the camera step: make, connection, GPU, address, channel, number, description, credentials, streams. */
export function CameraRowCard({
  row,
  index,
  previous,
  showErrors,
  canDelete,
  onChange,
  onDelete,
}: {
  row: CameraRowDraft;
  index: number;
  previous: CameraRowDraft | undefined;
  showErrors: boolean;
  canDelete: boolean;
  onChange(row: CameraRowDraft): void;
  onDelete(): void;
}) {
  const issues = cameraRowIssues(row);
  // A TVI camera set to internal is wrong at once; the rest are shown when 'Finished' is pressed.
  const errors = showErrors ? issues.errors : issues.errors.filter((e) => e === ONBOARDING_MESSAGES.tviNeedsNvr);
  const set = (changes: Partial<CameraRowDraft>) => {
    const next = { ...row, ...changes };
    // The camera number follows the previous row while make, connection, address and port stay the same (§5).
    const identity: Identity[] = ['manufacturer', 'type', 'address', 'port'];
    if (identity.some((k) => k in changes)) next.fname = String(nextCameraNumber(previous, next));
    onChange(next);
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Manufacturer"
            placeholder="Choose"
            data={[...MANUFACTURERS]}
            value={row.manufacturer || null}
            onChange={(value) => set({ manufacturer: (value ?? '') as Manufacturer | '' })}
            allowDeselect={false}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Type
            </Text>
            <SegmentedControl
              fullWidth
              aria-label="Type"
              data={[
                { label: 'NVR', value: 'nvr' },
                { label: 'Internal', value: 'internal' },
              ]}
              value={row.type}
              onChange={(value) => set({ type: value as CameraRowDraft['type'] })}
            />
          </div>
          <Select
            label="GPU Type"
            placeholder="Choose"
            data={GPU_TYPES.map((g) => ({ value: g, label: g === 'local' ? 'Local' : 'Cloud' }))}
            value={row.gpu || null}
            onChange={(value) => set({ gpu: (value ?? '') as GpuType | '' })}
            allowDeselect={false}
          />
          <TextInput
            label="Address"
            placeholder="192.168.1.64"
            value={row.address}
            onChange={(e) => set({ address: e.currentTarget.value })}
          />
          <TextInput label="Port" value={row.port} inputMode="numeric" onChange={(e) => set({ port: e.currentTarget.value })} />
          <Group grow gap="sm" align="flex-start">
            <TextInput label="Channel" value={row.channel} inputMode="numeric" onChange={(e) => set({ channel: e.currentTarget.value })} />
            <TextInput
              label="Camera number"
              value={row.fname}
              inputMode="numeric"
              onChange={(e) => set({ fname: e.currentTarget.value })}
            />
          </Group>
        </SimpleGrid>
        <TextInput
          label="Description"
          placeholder="Front Entrance Outdoor"
          value={row.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Username" autoComplete="off" value={row.username} onChange={(e) => set({ username: e.currentTarget.value })} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={row.password}
            onChange={(e) => set({ password: e.currentTarget.value })}
          />
          <div>
            <Text size="sm" fw={500} mb={6}>
              Streams
            </Text>
            <Group gap="md">
              <Checkbox
                label="Low"
                checked={row.streams.low}
                onChange={(e) => set({ streams: { ...row.streams, low: e.currentTarget.checked } })}
              />
              <Checkbox
                label="High"
                checked={row.streams.high}
                onChange={(e) => set({ streams: { ...row.streams, high: e.currentTarget.checked } })}
              />
            </Group>
          </div>
        </SimpleGrid>
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
