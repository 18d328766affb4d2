import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MODEL_MESSAGES, type Model } from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/http';
import { useCurrentModel } from '../api/model-current';
import { useModels } from '../api/model-list';
import { useLoadModel } from '../api/model-load';
import { useTrainModel } from '../api/model-train';
import { useTrainingProgress } from '../api/model-training-progress';
import { MODEL_TEXTS, currentModelView, withTrainingProgress } from '../lib/model-view';
import { ModelDetailsModal } from './model-details-modal';
import { ModelList } from './model-list';
import { NewTrainingButton, TrainingProgressPanel } from './model-training';

interface Notice {
  tone: 'success' | 'error';
  message: string;
}

function CurrentModelHeader({ domainId }: { domainId: string }) {
  const current = useCurrentModel(domainId);
  if (current.isPending) return <Text c="dimmed">Loading the current model…</Text>;
  if (current.isError) {
    return (
      <Text c="red" role="alert">
        Could not load the current model: {errorMessage(current.error)}
      </Text>
    );
  }
  const view = currentModelView(current.data);
  return (
    <Stack gap="xs">
      <Text fw={600}>{view.text}</Text>
      {view.waiting && (
        <Alert color="blue" variant="light" role="status">
          {MODEL_TEXTS.notApplied}
        </Alert>
      )}
      {view.unused && (
        <Alert color="yellow" variant="light" role="status">
          {view.unused}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The content of /staff/train for one building: the current model, the models with Load and details, and
 * 'New Training Process' with the running training's progress (part 2 §2, §4, §8).
 */
export function ModelManagement({ domainId, canViewProgress, stacked }: { domainId: string; canViewProgress: boolean; stacked: boolean }) {
  // Polled while a model in the list is training, for everyone: the progress call alone can miss the moment it ends.
  const models = useModels(domainId, { pollWhileTraining: true });
  const currentLabel = useCurrentModel(domainId).data?.label ?? null;
  const progress = useTrainingProgress(domainId, canViewProgress);
  const load = useLoadModel(domainId);
  const train = useTrainModel(domainId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [detailsLabel, setDetailsLabel] = useState<string | null>(null);

  const listed = withTrainingProgress(models.data ?? [], progress.data);
  const details = listed.find((model) => model.label === detailsLabel);

  function loadModel(model: Model) {
    setNotice(null);
    load.mutate(model.label, {
      onSuccess: () => {
        setDetailsLabel(null);
        setNotice({ tone: 'success', message: MODEL_MESSAGES.loaded });
      },
      onError: (error) => {
        // Part 2 §8: one message for every failure; the reason is for the logs.
        console.warn(`Loading the model ${model.label} failed: ${errorMessage(error)}`);
        setNotice({ tone: 'error', message: MODEL_MESSAGES.loadFailed });
      },
    });
  }

  function startTraining() {
    setNotice(null);
    train.mutate(undefined, {
      onSuccess: (reply) => setNotice({ tone: 'success', message: reply.message }),
      onError: (error) => setNotice({ tone: 'error', message: errorMessage(error) }),
    });
  }

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="note" title="Warning">
        {MODEL_TEXTS.warning}
      </Alert>
      <CurrentModelHeader domainId={domainId} />
      {notice && (
        <Alert
          color={notice.tone === 'success' ? 'teal' : 'red'}
          variant="light"
          role={notice.tone === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Close message"
          onClose={() => setNotice(null)}
        >
          {notice.message}
        </Alert>
      )}
      {progress.data?.running && <TrainingProgressPanel progress={progress.data} />}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="models-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="h4" id="models-title">
              Models
            </Title>
            <NewTrainingButton starting={train.isPending} onConfirm={startTraining} />
          </Group>
          {models.isPending && <PageLoader label="Loading models" />}
          {models.isError && (
            <Alert color="red" variant="light" role="alert" title="Error">
              Could not load the models: {errorMessage(models.error)}
              <div>
                <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void models.refetch()}>
                  Try again
                </Button>
              </div>
            </Alert>
          )}
          {models.data && (
            <ModelList
              models={listed}
              currentLabel={currentLabel}
              loadingLabel={load.isPending ? (load.variables ?? null) : null}
              stacked={stacked}
              onDetails={(model) => setDetailsLabel(model.label)}
              onLoad={loadModel}
            />
          )}
        </Stack>
      </Paper>
      {details && (
        <ModelDetailsModal
          domainId={domainId}
          model={details}
          isCurrent={details.label === currentLabel}
          loading={load.isPending && load.variables === details.label}
          fullScreen={stacked}
          onLoad={loadModel}
          onClose={() => setDetailsLabel(null)}
        />
      )}
    </Stack>
  );
}
