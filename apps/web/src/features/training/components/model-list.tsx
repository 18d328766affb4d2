import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Model } from '@vigil/contract';
import { MODEL_TEXTS, formatModelDate, loadAction, percentText } from '../lib/model-view';
import { ModelDate, ModelStatus } from './model-status';

export interface ModelListProps {
  models: readonly Model[];
  currentLabel: string | null;
  /** the label being loaded, if any */
  loadingLabel: string | null;
  /** stacked cards instead of a table (phone width) */
  stacked: boolean;
  onDetails: (model: Model) => void;
  onLoad: (model: Model) => void;
}

function InfoIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" strokeLinecap="round" />
    </svg>
  );
}

function DetailsButton({ model, onDetails }: { model: Model; onDetails: (model: Model) => void }) {
  return (
    <ActionIcon variant="subtle" size="lg" aria-label={MODEL_TEXTS.details(model.label)} onClick={() => onDetails(model)}>
      <InfoIcon />
    </ActionIcon>
  );
}

function LoadButton({ model, props }: { model: Model; props: ModelListProps }) {
  const action = loadAction(model, props.currentLabel);
  if (action === 'hidden') {
    return (
      <Badge color="teal" variant="light" tt="none">
        Current
      </Badge>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      disabled={action === 'disabled' || (props.loadingLabel !== null && props.loadingLabel !== model.label)}
      loading={props.loadingLabel === model.label}
      onClick={() => props.onLoad(model)}
    >
      {MODEL_TEXTS.load}
    </Button>
  );
}

function ModelTable(props: ModelListProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Models">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date created</Table.Th>
            <Table.Th>Top 1 accuracy</Table.Th>
            <Table.Th>Top 5 accuracy</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.models.map((model) => (
            <Table.Tr key={model.uuid} data-testid={`model-${model.label}`}>
              <Table.Td>
                <ModelDate label={model.label} date={formatModelDate(model.label)} />
              </Table.Td>
              <Table.Td>{percentText(model.top1_accuracy)}</Table.Td>
              <Table.Td>{percentText(model.top5_accuracy)}</Table.Td>
              <Table.Td maw={280}>
                <ModelStatus model={model} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <DetailsButton model={model} onDetails={props.onDetails} />
                  <LoadButton model={model} props={props} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Figure({ name, value }: { name: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function ModelCards(props: ModelListProps) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Models">
      {props.models.map((model) => (
        <Card component="li" key={model.uuid} withBorder radius="md" padding="sm" data-testid={`model-${model.label}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <ModelDate label={model.label} date={formatModelDate(model.label)} />
            <DetailsButton model={model} onDetails={props.onDetails} />
          </Group>
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            <Figure name="Top 1 accuracy" value={percentText(model.top1_accuracy)} />
            <Figure name="Top 5 accuracy" value={percentText(model.top5_accuracy)} />
          </SimpleGrid>
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs" mt="xs">
            <ModelStatus model={model} />
            <LoadButton model={model} props={props} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The building's models, newest first: a table on wide screens, cards at phone width. */
export function ModelList(props: ModelListProps) {
  if (props.models.length === 0) return <Text>{MODEL_TEXTS.empty} Start a New Training Process to make the first one.</Text>;
  return props.stacked ? <ModelCards {...props} /> : <ModelTable {...props} />;
}
