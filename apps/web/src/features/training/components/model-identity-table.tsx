import { Badge, Group, Progress, Table, Text } from '@mantine/core';
import type { ModelIdentity } from '@vigil/contract';
import { MODEL_TEXTS, identityView, type IdentityView } from '../lib/model-view';

function F1Score({ identity }: { identity: IdentityView }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {identity.f1 ? (
        <>
          <Progress
            value={identity.f1.percent}
            color={identity.f1.colour}
            size="lg"
            w={90}
            style={{ flexShrink: 0 }}
            aria-label={`F1 score ${identity.name}`}
          />
          <Text size="sm">{identity.f1.text}</Text>
        </>
      ) : (
        // No held-out tag, so it could not be measured.
        <Text size="sm" c="dimmed" aria-label={`F1 score ${identity.name} not measured`}>
          —
        </Text>
      )}
      {identity.needsTraining && (
        <Badge color="orange" variant="light" tt="none" style={{ flexShrink: 0 }}>
          {MODEL_TEXTS.needsTraining}
        </Badge>
      )}
    </Group>
  );
}

/** Who the model knows: name, category, tags held out / trained on, and the F1 bar (part 2 §2, §9). */
export function ModelIdentityTable({ identities }: { identities: readonly ModelIdentity[] }) {
  if (identities.length === 0) return <Text size="sm">{MODEL_TEXTS.noIdentities}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing={6} aria-label="Identities">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>
              Tags{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                (validation/training)
              </Text>
            </Table.Th>
            <Table.Th>F1 score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {identities.map(identityView).map((identity) => (
            <Table.Tr key={identity.uuid}>
              <Table.Td>{identity.name}</Table.Td>
              <Table.Td tt="capitalize">{identity.category}</Table.Td>
              <Table.Td>{identity.tags}</Table.Td>
              <Table.Td>
                <F1Score identity={identity} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
