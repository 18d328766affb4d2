import { useMemo } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import type { HistoryEntry } from '@vigil/contract';
import { busiestHour, historyHistogram, type HistogramRow } from '../lib/history-histogram';

function Bars({ row, max }: { row: HistogramRow; max: number }) {
  return (
    <Group
      gap={1}
      h={32}
      align="flex-end"
      wrap="nowrap"
      role="img"
      aria-label={`${row.label}: ${row.total} detections, most at ${busiestHour(row)}`}
      style={{ flex: 1 }}
    >
      {row.counts.map((count, hour) => (
        <Box
          key={hour}
          title={`${String(hour).padStart(2, '0')}:00: ${count}`}
          bg={count > 0 ? 'blue.5' : 'gray.2'}
          h={count > 0 ? `${Math.max(8, (count / max) * 100)}%` : 2}
          style={{ flex: 1, borderRadius: 1 }}
        />
      ))}
    </Group>
  );
}

/** When the person is seen, by hour of the day: one row (compact), or one per camera with view_expanded_histogram. */
export function HistoryHistogram({ entries, expanded }: { entries: readonly HistoryEntry[]; expanded: boolean }) {
  const rows = useMemo(() => historyHistogram(entries, expanded), [entries, expanded]);
  const max = Math.max(1, ...rows.flatMap((r) => r.counts));
  return (
    <Stack gap={4} aria-label="Detections by hour of the day" role="group">
      <Text size="xs" c="dimmed">
        By hour of the day{expanded ? ', per camera' : ''}
      </Text>
      {rows.map((row) => (
        <Group key={row.label} gap="xs" wrap="nowrap" align="flex-end">
          {expanded && (
            <Text size="xs" w={120} truncate title={row.label}>
              {row.label}
            </Text>
          )}
          <Bars row={row} max={max} />
        </Group>
      ))}
      <Group justify="space-between" ml={expanded ? 128 : 0}>
        {['00', '06', '12', '18', '23'].map((h) => (
          <Text key={h} size="10px" c="dimmed">
            {h}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
