import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import type { AccessEvent, BadgeDetection } from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/http';
import type { useAccessEvents } from '../api/get-access-events';
import { EMPTY_VIEW_TEXT, type AccessEventView } from '../lib/badge-texts';
import { AccessEventCard, type AccessEventCardAccess } from './access-event-card';

/** The taps of one view, a page at a time ('Load More' while the server has more). */
export function AccessEventList({
  domainId,
  identityId,
  view,
  query,
  access,
  onConfirm,
}: {
  domainId: string;
  identityId: string;
  view: AccessEventView;
  query: ReturnType<typeof useAccessEvents>;
  access: AccessEventCardAccess;
  onConfirm: (event: AccessEvent, detections: readonly BadgeDetection[]) => void;
}) {
  if (query.isPending) return <PageLoader label="Loading taps" />;
  if (query.isError && !query.data) {
    return (
      <Alert color="red" role="alert">
        The taps could not be loaded: {errorMessage(query.error)}
        <div>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  const events = query.data.pages.flatMap((page) => page.events);
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {EMPTY_VIEW_TEXT[view]}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {events.map((event) => (
        <AccessEventCard key={event.uuid} domainId={domainId} identityId={identityId} event={event} access={access} onConfirm={onConfirm} />
      ))}
      {query.isFetchNextPageError && (
        <Text size="sm" c="red.8" role="alert">
          More taps could not be loaded: {errorMessage(query.error)}
        </Text>
      )}
      {query.hasNextPage && (
        <Center>
          <Button variant="light" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}
