import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import type { Model } from '@vigil/contract';
import { modelStatus } from '../lib/model-view';

/** Ready, Training with its progress, or Failed with the reason. */
export function ModelStatus({ model }: { model: Model }) {
  const status = modelStatus(model);
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
      <Group gap="xs" wrap="nowrap">
        <Badge color={status.colour} variant="light" tt="none">
          {status.label}
        </Badge>
        {status.percent !== null && (
          <Text size="xs" c="dimmed">
            {status.percent}%
          </Text>
        )}
      </Group>
      {status.percent !== null && (
        <Progress value={status.percent} size="sm" striped animated aria-label={`Training progress ${model.label}`} />
      )}
      {status.detail && (
        <Text size="xs" c={model.status === 'failed' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {status.detail}
        </Text>
      )}
    </Stack>
  );
}

/** The model's label and its creation date for people. */
export function ModelDate({ label, date }: { label: string; date: string }) {
  return (
    <div>
      <Text size="sm" fw={600} ff="monospace">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {date}
      </Text>
    </div>
  );
}
