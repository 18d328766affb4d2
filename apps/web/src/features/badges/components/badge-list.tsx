import { Paper, Stack, Text } from '@mantine/core';
import { SearchKitBar } from '../../../components/search-kit-bar';
import { VirtualList } from '../../../components/virtual-list';
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
  const selectedIndex = selectedId === null ? -1 : identities.findIndex((i) => i.identityId === selectedId);

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
      <VirtualList
        items={identities}
        label="Badges"
        rowHeight={BADGES.cellHeight}
        overscan={BADGES.cellBuffer}
        keyOf={(identity) => identity.identityId}
        renderRow={(identity) => <BadgeRow identity={identity} selected={identity.identityId === selectedId} />}
        empty={<EmptyList anyBadges={all.length > 0} />}
        // J and K move the selection: keep it in view.
        activeIndex={selectedIndex}
      />
    </Paper>
  );
}
