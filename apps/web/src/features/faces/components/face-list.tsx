import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { SearchKitBar } from '../../../components/search-kit-bar';
import { VirtualList } from '../../../components/virtual-list';
import { FACES_MESSAGES, type Face, type SearchState } from '@vigil/contract';
import { FACE_FILTERS, FACE_SORTS } from '../lib/face-search';
import { FACE_ROW_HEIGHT, FaceRow } from './face-row';

function EmptyList({ hint }: { hint: string }) {
  return (
    <Stack gap={4} p="md">
      <Text fw={600}>{FACES_MESSAGES.noResults}</Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * The people list (part 2 §2): search, the People/Badges filter, the sorts (the active one again reverses it), a
 * 'Refreshing Data' banner, and the rows, virtualised so thousands of people stay smooth.
 */
export function FaceList({
  faces,
  total,
  state,
  onStateChange,
  selectedId,
  refreshing,
  now,
}: {
  /** the people shown, searched and sorted */
  faces: readonly Face[];
  /** how many people the building has (for the empty-state text) */
  total: number;
  state: SearchState;
  onStateChange: (state: SearchState) => void;
  selectedId: string | null;
  refreshing: boolean;
  now: number;
}) {
  const hint = state.query.trim() === '' && total === 0 ? FACES_MESSAGES.tryStaffOrResident : FACES_MESSAGES.tryFilters;

  return (
    <Paper withBorder radius="md" h="100%" pos="relative" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <SearchKitBar label="Search people" filters={FACE_FILTERS} sorts={FACE_SORTS} state={state} onStateChange={onStateChange} />
      </Stack>
      {refreshing && (
        // Floats over the list's foot, so the 30 s last-seen refresh never moves the rows.
        <Paper
          withBorder
          shadow="sm"
          radius="xl"
          px="sm"
          py={4}
          role="status"
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)', zIndex: 2 }}
        >
          <Group gap="xs" wrap="nowrap">
            <Loader size={12} />
            <Text size="xs">{FACES_MESSAGES.refreshing}</Text>
          </Group>
        </Paper>
      )}
      <VirtualList
        items={faces}
        label="People"
        rowHeight={FACE_ROW_HEIGHT}
        overscan={8}
        keyOf={(face) => face.frontend_face_uuid}
        renderRow={(face) => <FaceRow face={face} now={now} selected={face.frontend_face_uuid === selectedId} />}
        empty={<EmptyList hint={hint} />}
      />
    </Paper>
  );
}
