import { useEffect, useRef } from 'react';
import { Box, Paper, Stack, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { SearchKitBar } from '../../../components/search-kit-bar';
import { BADGES, type BadgeIdentity, type SearchState } from '@vigil/contract';
import { BADGE_FILTERS, BADGE_SORTS } from '../lib/badge-search';
import { mismatchCountText } from '../lib/badge-texts';
import { BadgeRow } from './badge-row';
import { TrainingProgressBar } from './training-progress-bar';

function EmptyList({ anyBadges }: { anyBadges: boolean }) {
  return (
    <Stack gap={4} p="md">
      <Text fw={600}>{anyBadges ? 'No Results' : 'No badges yet'}</Text>
      <Text size="sm" c="dimmed">
        {anyBadges
          ? 'Try searching for a name, a unit (unit:12B) or a role, or using the filters and sort toggles above.'
          : "Badges appear here once the building's access-control system sends taps."}
      </Text>
    </Stack>
  );
}

export interface BadgeListProps {
  /** the identities shown, searched and sorted */
  identities: readonly BadgeIdentity[];
  /** every identity of the building (the training progress and the empty-state text) */
  all: readonly BadgeIdentity[];
  state: SearchState;
  onStateChange: (state: SearchState) => void;
  selectedId: string | null;
  /** faces/view_training_progress */
  showTrainingProgress: boolean;
  /** rows of the building's credential mismatch report (7 days), once loaded */
  mismatches: number | undefined;
}

/**
 * The badge list (part 2 §2): the mismatch count, search, the All Badges/Trained/Untrained filter, the Seen/Match
 * Ratio/Taps sorts (the active one again reverses it), the training progress, and the rows, virtualised.
 */
export function BadgeList({ identities, all, state, onStateChange, selectedId, showTrainingProgress, mismatches }: BadgeListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render on purpose; nothing here is memoised by the compiler.
  const virtualizer = useVirtualizer({
    count: identities.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BADGES.cellHeight,
    overscan: BADGES.cellBuffer,
    getItemKey: (index) => identities[index]?.identityId ?? index,
  });
  const selectedIndex = selectedId === null ? -1 : identities.findIndex((i) => i.identityId === selectedId);

  // J and K move the selection: keep it in view.
  useEffect(() => {
    if (selectedIndex >= 0 && typeof scrollRef.current?.scrollTo === 'function')
      virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  return (
    <Paper withBorder radius="md" h="100%" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {mismatches !== undefined && (
          <Text size="sm" fw={600} c={mismatches > 0 ? 'red.8' : 'dimmed'}>
            {mismatchCountText(mismatches)}
          </Text>
        )}
        <SearchKitBar label="Search badges" filters={BADGE_FILTERS} sorts={BADGE_SORTS} state={state} onStateChange={onStateChange} />
        {showTrainingProgress && <TrainingProgressBar identities={all} />}
      </Stack>
      <Box ref={scrollRef} style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}>
        {identities.length === 0 ? (
          <EmptyList anyBadges={all.length > 0} />
        ) : (
          <Box component="ul" aria-label="Badges" m={0} p={0} pos="relative" h={virtualizer.getTotalSize()} style={{ listStyle: 'none' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const identity = identities[item.index]!;
              return (
                <Box
                  component="li"
                  key={item.key}
                  aria-posinset={item.index + 1}
                  aria-setsize={identities.length}
                  pos="absolute"
                  top={0}
                  left={0}
                  w="100%"
                  h={BADGES.cellHeight}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <BadgeRow identity={identity} selected={identity.identityId === selectedId} />
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
