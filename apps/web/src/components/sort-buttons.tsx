import { Button, Group } from '@mantine/core';
import { nextSortState, type SearchState } from '@vigil/contract';

/** A search kit's sort toggles (part 2 §4: clicking the active sort again reverses it), as a group of pressed buttons. */
export function SortButtons({
  sorts,
  state,
  onChange,
}: {
  sorts: readonly string[];
  state: SearchState;
  onChange: (state: SearchState) => void;
}) {
  return (
    <Group gap={4} role="group" aria-label="Sort">
      {sorts.map((sort) => {
        const active = state.sort === sort;
        return (
          <Button
            key={sort}
            size="compact-sm"
            variant={active ? 'light' : 'subtle'}
            aria-pressed={active}
            title={active ? 'Click again to reverse' : undefined}
            onClick={() => onChange(nextSortState(state, sort))}
            rightSection={active ? <span aria-hidden="true">{state.reversed ? '↑' : '↓'}</span> : undefined}
          >
            {sort}
          </Button>
        );
      })}
    </Group>
  );
}
