import { Button, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Detector } from '@vigil/contract';
import { formatKeyTime, keyMakerText, lastUsedText } from '../lib/key-view';
import { DeploymentMark, KeyPurposes, KeyStatus } from './key-parts';

/** The building's keys, one row each (wider screens; a phone gets KeyCards). */
export function KeysTable({ keys, onRevoke }: { keys: readonly Detector[]; onRevoke: (key: Detector) => void }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Machine keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Purposes</Table.Th>
            <Table.Th>Key starts</Table.Th>
            <Table.Th>Made by</Table.Th>
            <Table.Th>Made</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {key.name}
                </Text>
                <DeploymentMark detector={key} />
              </Table.Td>
              <Table.Td miw={140} maw={220}>
                <KeyPurposes detector={key} />
              </Table.Td>
              <Table.Td>
                <Code>{key.key_prefix}…</Code>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{keyMakerText(key)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={key.created_at}>{formatKeyTime(key.created_at)}</time>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsedText(key)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <KeyStatus detector={key} />
              </Table.Td>
              <Table.Td>
                {key.revoked_at === null && (
                  <Button size="xs" variant="light" color="red" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
