import { useState } from 'react';
import { Button, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReportHeader } from '@vigil/contract';
import { isSortable, type ReportRow, type ReportSort } from '../lib/report-rows';
import { ReportCell } from './report-cell';

/** Rows drawn at once: a report holds up to 10,000; more are added on request. */
export const ROWS_PER_PAGE = 200;

function SortableHeader({ header, sort, onSort }: { header: ReportHeader; sort: ReportSort | null; onSort: (key: string) => void }) {
  const direction = sort?.key === header.key ? sort.direction : undefined;
  if (!isSortable(header)) return <Table.Th>{header.title}</Table.Th>;
  return (
    <Table.Th aria-sort={direction ?? 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(header.key)} fw={700} fz="sm">
        {header.title}
        <Text span c={direction ? undefined : 'dimmed'} ml={4} fz="xs" aria-hidden="true">
          {direction === 'descending' ? '▼' : direction === 'ascending' ? '▲' : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A report's rows under its columns; a click on a column's title sorts by it, another reverses it. Shows the first
 * ROWS_PER_PAGE rows and more on request, so a long report stays quick.
 */
export function ReportTable({
  title,
  headers,
  rows,
  timeZone,
  sort,
  onSort,
}: {
  title: string;
  headers: readonly ReportHeader[];
  rows: readonly ReportRow[];
  timeZone: string;
  sort: ReportSort | null;
  onSort: (key: string) => void;
}) {
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const shown = rows.slice(0, limit);
  const more = Math.min(ROWS_PER_PAGE, rows.length - shown.length);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={Math.max(headers.length * 130, 320)}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <SortableHeader key={header.key} header={header} sort={sort} onSort={onSort} />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, i) => (
              <Table.Tr key={i}>
                {headers.map((header) => (
                  <Table.Td key={header.key} style={{ overflowWrap: 'anywhere' }}>
                    <ReportCell cell={row[header.key]} header={header} timeZone={timeZone} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more > 0 && (
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            Showing {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} rows.
          </Text>
          <Button variant="default" onClick={() => setLimit((n) => n + ROWS_PER_PAGE)}>
            Show {more} more rows
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
