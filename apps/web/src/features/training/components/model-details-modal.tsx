import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Model } from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/http';
import { useModelIdentities } from '../api/model-identities';
import { MODEL_TEXTS, formatModelDate, percentText, thresholdText } from '../lib/model-view';
import { ModelIdentityTable } from './model-identity-table';
import { ModelStatus } from './model-status';

function Figure({ name, value }: { name: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/**
 * One model: 'Date created', its accuracy, false accept rate and threshold, and the identities it knows; 'load model'
 * unless it is the current one (part 2 §2).
 */
export function ModelDetailsModal({
  domainId,
  model,
  isCurrent,
  loading,
  fullScreen,
  onLoad,
  onClose,
}: {
  domainId: string;
  model: Model;
  isCurrent: boolean;
  loading: boolean;
  fullScreen: boolean;
  onLoad: (model: Model) => void;
  onClose: () => void;
}) {
  const identities = useModelIdentities(domainId, model.label);
  const title = (
    <>
      {MODEL_TEXTS.dateCreated}{' '}
      <Text span inherit c="dimmed" fw={400}>
        {formatModelDate(model.label)} ({model.label})
      </Text>
    </>
  );
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered fullScreen={fullScreen}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure name="Top one accuracy" value={percentText(model.top1_accuracy)} />
          <Figure name="Top five accuracy" value={percentText(model.top5_accuracy)} />
          <Figure name="False accept rate" value={percentText(model.false_accept_rate)} />
          <Figure name="Threshold" value={thresholdText(model.threshold)} />
        </SimpleGrid>
        {model.status !== 'ready' && <ModelStatus model={model} />}
        {identities.isPending && <PageLoader label="Loading identities" />}
        {identities.isError && (
          <Alert color="red" variant="light" role="alert" title="The identities could not be loaded">
            {errorMessage(identities.error)}
            <div>
              <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void identities.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        )}
        {identities.data && <ModelIdentityTable identities={identities.data} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {MODEL_TEXTS.cancel}
          </Button>
          {!isCurrent && (
            <Button disabled={model.status !== 'ready'} loading={loading} onClick={() => onLoad(model)}>
              {MODEL_TEXTS.loadModel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
