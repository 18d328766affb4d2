import { useState } from 'react';
import { Box, Button, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MergedGroup, TimelineEvent } from '@vigil/contract';
import { dayLabel, firstGroups, type EventDay } from '../lib/event-groups';
import { EventCard } from './event-card';

/** Groups rendered per step: a 1,500-event search stays quick to draw. */
const PAGE = 100;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A parent event and, behind a toggle, the detections merged under it (§5). */
function EventGroupItem({
  group,
  showMetrics,
  canViewClip,
}: {
  group: MergedGroup<TimelineEvent>;
  showMetrics: boolean;
  canViewClip: boolean;
}) {
  const [open, setOpen] = useState(false);
  const merged = group.children.length;
  const childrenId = `merged-${group.parent.id}`;
  return (
    <Box component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="event-group">
      <EventCard event={group.parent} showMetrics={showMetrics} canViewClip={canViewClip} />
      {merged > 0 && (
        <>
          <UnstyledButton
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={childrenId}
            mt={4}
            ml={22}
            fz="xs"
            c="blue.7"
            fw={500}
          >
            {open ? `Hide ${plural(merged, 'merged detection')}` : `+${plural(merged, 'merged detection')}`}
          </UnstyledButton>
          {open && (
            <Stack
              component="ul"
              id={childrenId}
              gap="xs"
              m={0}
              mt="xs"
              p={0}
              pl="md"
              style={{ listStyle: 'none' }}
              aria-label="Merged detections"
            >
              {group.children.map((child) => (
                <Box component="li" key={child.id} pl="xs" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
                  <EventCard event={child} showMetrics={showMetrics} canViewClip={canViewClip} />
                </Box>
              ))}
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}

/** The events by local day, each day under a header that sticks to the top of the list while it scrolls. */
export function EventDayList({
  days,
  now,
  showMetrics,
  canViewClip,
}: {
  days: readonly EventDay[];
  now: number;
  showMetrics: boolean;
  canViewClip: boolean;
}) {
  const [limit, setLimit] = useState(PAGE);
  const page = firstGroups(days, limit);
  return (
    <>
      {page.days.map((day) => {
        const label = dayLabel(day.key, now);
        const headingId = `event-day-${day.key}`;
        return (
          <Box component="section" key={day.key} aria-labelledby={headingId}>
            <Box
              component="h3"
              id={headingId}
              m={0}
              px="xs"
              py={6}
              fz="sm"
              fw={700}
              bg="var(--mantine-color-gray-1)"
              style={{ position: 'sticky', top: 0, zIndex: 2, display: 'flex', justifyContent: 'space-between', gap: 8 }}
              data-testid="event-day-header"
            >
              <span>{label}</span>
              <Text span size="xs" c="dimmed" fw={400}>
                {plural(day.count, 'event')}
              </Text>
            </Box>
            <Box component="ul" m={0} px="xs" style={{ listStyle: 'none' }}>
              {day.groups.map((group) => (
                <EventGroupItem key={group.parent.id} group={group} showMetrics={showMetrics} canViewClip={canViewClip} />
              ))}
            </Box>
          </Box>
        );
      })}
      {page.shown < page.total && (
        <Button variant="subtle" size="xs" fullWidth my="xs" onClick={() => setLimit(limit + PAGE)}>
          Show more ({page.shown} of {page.total})
        </Button>
      )}
    </>
  );
}
