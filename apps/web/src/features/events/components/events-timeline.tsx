import { memo, useMemo, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Paper, Popover, Text, Title } from '@mantine/core';
import { EVENTS_MESSAGES, hasOperation, type Camera } from '@vigil/contract';
import { useEntitlements } from '../../../lib/api/get-entitlements';
import { formatTimelineInstant } from '../../../lib/format-instant';
import { HttpError, errorMessage } from '../../../lib/http';
import { useEventSearch } from '../api/search-events';
import {
  eventSearchQuery,
  filterByClass,
  filteredCameraId,
  isUnsearched,
  loadEventFilters,
  saveEventFilters,
  type EventFilters,
} from '../lib/event-filters';
import { groupEventsByDay } from '../lib/event-groups';
import { EventDayList } from './event-day-list';
import { EventFilterForm } from './event-filter-form';

/** 'Last 7 days · All cameras · All classes': what the list below shows. */
function filterSummary(filters: EventFilters, cameraName: string | undefined): string {
  const range =
    filters.start === null && filters.end === null
      ? 'Last 7 days'
      : `${filters.start ? formatTimelineInstant(Date.parse(filters.start)) : '7 days ago'} – ${filters.end ? formatTimelineInstant(Date.parse(filters.end)) : 'now'}`;
  const classes = filters.classes.length === 0 ? 'All classes' : filters.classes.join(', ');
  return [range, cameraName ?? 'All cameras', classes].join(' · ');
}

function EventSearch({
  domainId,
  cameraId,
  cameras,
  showMetrics,
  filters,
  searchedAt,
  canViewClip,
}: {
  domainId: string;
  cameraId: string;
  cameras: readonly Camera[];
  showMetrics: boolean;
  filters: EventFilters;
  searchedAt: number;
  canViewClip: boolean;
}) {
  const cameraIds = useMemo(() => cameras.map((c) => c.uuid), [cameras]);
  const query = eventSearchQuery(filters, { domainId, viewedCameraId: cameraId, cameraIds, now: searchedAt });
  const search = useEventSearch(query);
  const days = useMemo(
    () => (search.data ? groupEventsByDay(filterByClass(search.data.events, filters.classes)) : []),
    [search.data, filters.classes],
  );

  if (search.isPending) {
    return (
      <Center py="lg" role="status" aria-label="Loading events">
        <Loader size="sm" />
      </Center>
    );
  }
  if (search.isError) {
    if (search.error instanceof HttpError && search.error.status === 403) {
      return (
        <Text size="sm" c="dimmed" px="xs">
          {EVENTS_MESSAGES.noAccess}
        </Text>
      );
    }
    return (
      <Alert color="red" variant="light" role="alert" title="Events unavailable" m="xs">
        {errorMessage(search.error)}
        <div>
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  if (days.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="xs" py="md">
        {EVENTS_MESSAGES.noResults}
      </Text>
    );
  }
  return (
    <>
      {search.data.truncated && (
        <Text size="xs" c="dimmed" px="xs" pb={4}>
          Showing the newest {query.limit} events;{' '}
          {isUnsearched(filters) ? 'choose a range in Filter to see older ones.' : 'choose a shorter range to see older ones.'}
        </Text>
      )}
      <EventDayList key={JSON.stringify(query)} days={days} now={searchedAt} showMetrics={showMetrics} canViewClip={canViewClip} />
    </>
  );
}

/**
 * The events timeline of the viewer (spec part 1 §2): the building's object events by day, merged
 * detections, Metrics and Filter. It needs alerting/view_historic; without it a short notice stands in.
 * Memoized: the viewer's URL changes with every switch and clip, and the list does not depend on it.
 */
export const EventsTimeline = memo(function EventsTimeline({
  domainId,
  cameraId,
  cameras,
}: {
  domainId: string;
  cameraId: string;
  cameras: readonly Camera[];
}) {
  const entitlements = useEntitlements();
  const services = entitlements.data?.[domainId];
  const canView = hasOperation(services, 'alerting', 'view_historic');
  const [filters, setFilters] = useState(loadEventFilters);
  const [searchedAt, setSearchedAt] = useState(() => Date.now());
  const [showMetrics, setShowMetrics] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const viewedCamera = cameras.find((c) => c.uuid === cameraId)?.description ?? 'this camera';
  const filteredId = filteredCameraId(filters.camera, { viewedCameraId: cameraId, cameraIds: cameras.map((c) => c.uuid) });
  const cameraName = filteredId ? cameras.find((c) => c.uuid === filteredId)?.description : undefined;

  function apply(next: EventFilters) {
    saveEventFilters(next);
    setFilters(next);
    setSearchedAt(Date.now());
    setFilterOpen(false);
  }

  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-labelledby="events-timeline-title"
      w={{ base: '100%', lg: 380 }}
      style={{ flexShrink: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      mah={{ base: '75vh', lg: 'calc(100vh - 110px)' }}
    >
      <Group justify="space-between" px="sm" pt="sm" pb={4} gap="xs" wrap="nowrap">
        <Title order={2} fz="h4" id="events-timeline-title">
          Events
        </Title>
        {canView && (
          <Group gap={6} wrap="nowrap">
            <Button
              size="xs"
              variant={showMetrics ? 'filled' : 'default'}
              aria-pressed={showMetrics}
              onClick={() => setShowMetrics(!showMetrics)}
            >
              Metrics
            </Button>
            <Popover opened={filterOpen} onChange={setFilterOpen} position="bottom-end" width={320} trapFocus withArrow shadow="md">
              <Popover.Target>
                <Button size="xs" variant="default" aria-expanded={filterOpen} onClick={() => setFilterOpen(!filterOpen)}>
                  Filter
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <EventFilterForm value={filters} cameras={cameras} viewedCamera={viewedCamera} onApply={apply} />
              </Popover.Dropdown>
            </Popover>
          </Group>
        )}
      </Group>
      {entitlements.data === undefined ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : !canView ? (
        <Text size="sm" c="dimmed" px="sm" pb="sm">
          {EVENTS_MESSAGES.noAccess}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" px="sm" pb="xs" data-testid="event-filter-summary">
            {filterSummary(filters, cameraName)}
          </Text>
          <Box style={{ overflowY: 'auto', flex: 1, minHeight: 0 }} aria-label="Events by day" role="region" tabIndex={0}>
            <EventSearch
              domainId={domainId}
              cameraId={cameraId}
              cameras={cameras}
              showMetrics={showMetrics}
              filters={filters}
              searchedAt={searchedAt}
              canViewClip={hasOperation(services, 'video', 'view_historic')}
            />
          </Box>
        </>
      )}
    </Paper>
  );
});
