import { useEffect, useMemo, useRef } from 'react';
import { Box, Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ELOPEMENT, EVENTS, EVENTS_MESSAGES } from '@vigil/contract';
import { alertsFeedQueryOptions } from '../../../lib/api/get-events';
import { PageLoader } from '../../../components/page-loader';
import { useNow } from '../hooks/use-now';
import { feedRows, shouldLoadMore } from '../lib/event-rows';
import { AlertsLoadError } from './alerts-load-error';
import { FeedRow } from './feed-row';

/** The objects feed (spec part 1 §2): alerted events, newest first, 100 a page, loaded as the list nears its end. */
export function ObjectsFeed({ domainId, canViewClip }: { domainId: string; canViewClip: boolean }) {
  const feed = useInfiniteQuery(alertsFeedQueryOptions(domainId));
  const rows = useMemo(() => feedRows(feed.data?.pages), [feed.data]);
  const now = useNow(ELOPEMENT.tickMs);
  const scrollRef = useRef<HTMLDivElement>(null);
  // One extra row at the end: the next page loading, or the end of the feed.
  const count = rows.length + 1;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoised by the compiler.
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => EVENTS.rowHeight,
    overscan: 10,
    getItemKey: (index) => rows[index]?.id ?? 'end',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;

  // After a failed page the 'Try again' button asks again; looping on a failing server helps nobody.
  useEffect(() => {
    if (shouldLoadMore(lastIndex, rows.length, hasNextPage && !isFetchNextPageError, isFetchingNextPage)) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchNextPageError, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending) return <PageLoader label="Loading alerts" />;
  if (feed.isError && rows.length === 0) {
    return <AlertsLoadError error={feed.error} noAccess={EVENTS_MESSAGES.noAccess} onRetry={() => void feed.refetch()} />;
  }
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text>{EVENTS_MESSAGES.noResults}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          Alerts appear here as soon as a camera raises one.
        </Text>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Box ref={scrollRef} h="calc(100dvh - 190px)" mih={320} style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
        <Box role="list" aria-label="Alerted events" pos="relative" h={virtualizer.getTotalSize()}>
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <Box
                key={item.key}
                role={row ? 'listitem' : undefined}
                aria-posinset={row ? item.index + 1 : undefined}
                aria-setsize={row ? (hasNextPage ? -1 : rows.length) : undefined}
                pos="absolute"
                top={0}
                left={0}
                w="100%"
                h={EVENTS.rowHeight}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row ? (
                  <FeedRow row={row} now={now} canViewClip={canViewClip} />
                ) : (
                  <FeedEnd loading={hasNextPage} failed={isFetchNextPageError} retry={() => void fetchNextPage()} count={rows.length} />
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}

function FeedEnd({ loading, failed, retry, count }: { loading: boolean; failed: boolean; retry: () => void; count: number }) {
  if (failed) {
    return (
      <Group h="100%" justify="center" gap="sm">
        <Text size="sm" c="red">
          Could not load older alerts.
        </Text>
        <Button size="compact-sm" variant="light" onClick={retry}>
          Try again
        </Button>
      </Group>
    );
  }
  if (loading) {
    return (
      <Group h="100%" justify="center" gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading older alerts…
        </Text>
      </Group>
    );
  }
  return (
    <Center h="100%">
      <Text size="sm" c="dimmed">
        {count === 1 ? 'That is the only alert.' : `That is all ${count} alerts.`}
      </Text>
    </Center>
  );
}
