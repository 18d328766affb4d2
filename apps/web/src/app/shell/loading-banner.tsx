import { useState } from 'react';
import { Button, Collapse, Group, List, Loader, Paper, Text } from '@mantine/core';
import { LOADING_LABELS, isRefreshing, useLoadingCounters } from '../../lib/loading-counters';

/** What is refreshing (spec part 1 §4), per service; floats under the header so it never shifts the page. */
export function LoadingBanner() {
  const counters = useLoadingCounters();
  const [expanded, setExpanded] = useState(false);
  if (!isRefreshing(counters)) return null;
  const active = LOADING_LABELS.filter((label) => counters[label] > 0);
  return (
    <Paper
      component="section"
      aria-label="Loading status"
      shadow="sm"
      withBorder
      px="sm"
      py={6}
      style={{ position: 'absolute', top: 'calc(100% + 4px)', right: 12, zIndex: 150, minWidth: 200 }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <Loader size={14} />
          <Text size="sm" role="status">
            Refreshing…
          </Text>
        </Group>
        <Button variant="subtle" size="compact-xs" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          {expanded ? 'Hide details' : 'Show details'}
        </Button>
      </Group>
      <Collapse in={expanded}>
        <List size="sm" mt={4} spacing={2}>
          {active.map((label) => (
            <List.Item key={label}>
              {label} ({counters[label]})
            </List.Item>
          ))}
        </List>
      </Collapse>
    </Paper>
  );
}
