import { useState } from 'react';
import { Button, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { MODEL_MESSAGES } from '@vigil/contract';
import { MODEL_TEXTS, progressPercent, type TrainingProgress } from '../lib/model-view';

/** 'New Training Process', which asks 'Are you sure?' first (part 2 §8). */
export function NewTrainingButton({ starting, onConfirm }: { starting: boolean; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button loading={starting} onClick={() => setConfirming(true)}>
        {MODEL_TEXTS.newTraining}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={MODEL_MESSAGES.confirmTraining} centered>
        <Stack gap="md">
          <Text size="sm">
            A new model is trained on every confirmed face and registry photo of this building. It takes a few minutes; the current model
            stays in use until you load the new one.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              No
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onConfirm();
              }}
            >
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The running training (faces/view_training_progress), while it runs. */
export function TrainingProgressPanel({ progress }: { progress: TrainingProgress }) {
  const percent = progressPercent(progress.progress);
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-label="Training progress">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Training {progress.label ?? 'a new model'}
        </Text>
        <Text size="sm">{percent}%</Text>
      </Group>
      <Progress value={percent} striped animated mt={6} aria-label="Training" />
      {progress.message && (
        <Text size="xs" c="dimmed" mt={4}>
          {progress.message}
        </Text>
      )}
    </Paper>
  );
}
