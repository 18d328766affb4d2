import { useState } from 'react';
import { Button, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { reviewLogText } from '@vigil/contract';
import { useReviewLog } from '../lib/api/get-review-log';
import { formatMoment } from '../lib/format-moment';
import { errorMessage } from '../lib/http';

/**
 * 'Answers': the review log of one detection (who answered what, and when, oldest first), loaded when opened. Shown in
 * the review list and in a person's history to those who may review (faces/train_model).
 */
export function ReviewLogButton({ runtimeFaceUuid }: { runtimeFaceUuid: string }) {
  const [opened, setOpened] = useState(false);
  const log = useReviewLog(runtimeFaceUuid, opened);
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-expanded={opened}
          onClick={(event) => {
            event.stopPropagation();
            setOpened((o) => !o);
          }}
        >
          Answers
        </Button>
      </Popover.Target>
      <Popover.Dropdown onClick={(event) => event.stopPropagation()}>
        {log.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Loading answers…</Text>
          </Group>
        ) : log.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(log.error)}
          </Text>
        ) : log.data.entries.length === 0 ? (
          <Text size="sm">No answers yet.</Text>
        ) : (
          <Stack component="ol" gap={6} m={0} p={0} aria-label="Answers" style={{ listStyle: 'none' }}>
            {log.data.entries.map((entry, i) => (
              <li key={i}>
                <Text size="sm">{reviewLogText(entry)}</Text>
                <Text size="xs" c="dimmed">
                  {`${entry.reviewed_by} · `}
                  <time dateTime={entry.reviewed_at}>{formatMoment(Date.parse(entry.reviewed_at))}</time>
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
