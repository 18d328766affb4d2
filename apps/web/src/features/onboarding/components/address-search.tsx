import { useState } from 'react';
import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type PlaceSuggestion } from '@vigil/contract';
import { usePlaces } from '../api/get-places';

/** The address with suggestions (Maps places autocomplete); choosing one places the marker there. */
export function AddressSearch({
  value,
  onChange,
  onChoose,
  error,
}: {
  value: string;
  onChange(text: string): void;
  onChoose(place: PlaceSuggestion): void;
  error?: string | undefined;
}) {
  const [debounced] = useDebouncedValue(value, 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const places = usePlaces(debounced === chosen ? '' : debounced);
  const suggestions = places.data?.suggestions ?? [];
  const labels = [...new Set(suggestions.map((s) => s.description))];
  return (
    <div>
      <Autocomplete
        label="Address"
        description="Type the street and town, then choose a suggestion"
        placeholder="e.g. 350 Fifth Avenue, New York"
        value={value}
        onChange={onChange}
        data={labels}
        filter={({ options }) => options}
        limit={8}
        rightSection={places.isFetching ? <Loader size="xs" /> : null}
        onOptionSubmit={(label) => {
          const place = suggestions.find((s) => s.description === label);
          if (!place) return;
          setChosen(label);
          onChoose(place);
        }}
        error={error}
        required
      />
      {places.data && (
        <Text size="xs" c="dimmed" mt={4}>
          {places.data.source === 'offline'
            ? 'Suggestions from the built-in list of towns (GeoNames, CC BY 4.0; offline): place the marker on the building itself.'
            : `Suggestions from ${places.data.source}.`}
        </Text>
      )}
    </div>
  );
}
