import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
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

/** A search kit's controls over a list (part 2 §3 search model): the search box, the filter tabs and the sorts. */
export function SearchKitBar({
  label,
  filters,
  sorts,
  state,
  onStateChange,
}: {
  /** what the search box is called ('Search people') */
  label: string;
  filters: readonly string[];
  sorts: readonly string[];
  state: SearchState;
  onStateChange: (state: SearchState) => void;
}) {
  return (
    <>
      <TextInput
        type="search"
        placeholder={label}
        aria-label={label}
        value={state.query}
        onChange={(e) => onStateChange({ ...state, query: e.currentTarget.value })}
      />
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Filter"
          data={[...filters]}
          value={state.filter ?? filters[0]}
          onChange={(filter) => onStateChange({ ...state, filter })}
        />
        <SortButtons sorts={sorts} state={state} onChange={onStateChange} />
      </Group>
    </>
  );
}
