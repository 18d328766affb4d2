import { Group, Progress, Stack, Text } from '@mantine/core';
import type { BadgeIdentity } from '@vigil/contract';
import { trainingProgress, trainingProgressText } from '../lib/training-progress';

/** Well-trained identities of all (part 2 §2); shown only with faces/view_training_progress. */
export function TrainingProgressBar({ identities }: { identities: readonly BadgeIdentity[] }) {
  const progress = trainingProgress(identities);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600}>
          Training
        </Text>
        <Text size="xs" c="dimmed">
          {trainingProgressText(progress)}
        </Text>
      </Group>
      <Progress value={progress.fraction * 100} color="green" size="sm" aria-label="Training progress" />
    </Stack>
  );
}
