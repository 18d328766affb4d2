import { Badge, Button, Code, Table, Text, UnstyledButton } from '@mantine/core';
import type { FlagId, ResolvedFlag } from '@vigil/contract';
import classes from './flags-table.module.css';

function onOff(value: boolean | undefined): string {
  if (value === undefined) return 'unset';
  return value ? 'on' : 'off';
}

function ValueBadge({ value }: { value: boolean | undefined }) {
  if (value === undefined) {
    return (
      <Text span size="xs" c="dimmed">
        unset
      </Text>
    );
  }
  return (
    <Badge size="sm" variant="light" color={value ? 'teal' : 'red'}>
      {onOff(value)}
    </Badge>
  );
}

/** Columns flag, server, local, applied (spec part 1 §2). A click on a local cell flips the applied value via a local override. */
export function FlagsTable({
  flags,
  onSetLocal,
}: {
  flags: ResolvedFlag[];
  /** Sets (a value) or clears (undefined) this browser's override of a flag. */
  onSetLocal: (id: FlagId, value: boolean | undefined) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Flag</Table.Th>
            <Table.Th w={1}>server</Table.Th>
            <Table.Th w={1}>local</Table.Th>
            <Table.Th>applied</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flags.map((flag) => (
            <Table.Tr key={flag.identifier} data-testid={`flag-row-${flag.identifier}`}>
              <Table.Td>
                <Code style={{ overflowWrap: 'anywhere' }}>{flag.identifier}</Code>
                <Text size="sm" c="dimmed">
                  {flag.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <ValueBadge value={flag.server} />
              </Table.Td>
              <Table.Td>
                <UnstyledButton
                  px={6}
                  py={2}
                  style={{ borderRadius: 6, border: '1px dashed var(--mantine-color-gray-4)' }}
                  aria-label={`Toggle ${flag.identifier}`}
                  title={`Turn ${flag.identifier} ${flag.value ? 'off' : 'on'} in this browser`}
                  onClick={() => onSetLocal(flag.identifier, !flag.value)}
                  data-testid={`flag-local-${flag.identifier}`}
                >
                  <ValueBadge value={flag.local} />
                </UnstyledButton>
                {flag.local !== undefined && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    ml="xs"
                    aria-label={`Clear local ${flag.identifier}`}
                    onClick={() => onSetLocal(flag.identifier, undefined)}
                  >
                    Clear
                  </Button>
                )}
              </Table.Td>
              <Table.Td className={classes.applied} data-testid={`flag-applied-${flag.identifier}`}>
                <ValueBadge value={flag.value} />
                <Text span size="xs" c="dimmed" ml={6}>
                  ({flag.source})
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
