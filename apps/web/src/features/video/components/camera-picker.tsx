import { Select } from '@mantine/core';
import type { Camera } from '@vigil/contract';

/** Cameras grouped by category in sorted order (callers pass them sorted with sortCameras). */
function groupByCategory(cameras: readonly Camera[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const camera of cameras) {
    const items = groups.get(camera.category) ?? [];
    items.push({ value: camera.uuid, label: camera.description });
    groups.set(camera.category, items);
  }
  return [...groups.entries()].map(([group, items]) => ({ group, items }));
}

/** The viewer's camera picker (spec part 1 §2): searchable, grouped by category. */
export function CameraPicker({
  cameras,
  value,
  onChange,
}: {
  cameras: readonly Camera[];
  value: string;
  onChange: (cameraId: string) => void;
}) {
  return (
    <Select
      label="Camera"
      data={groupByCategory(cameras)}
      value={value}
      onChange={(next) => next && next !== value && onChange(next)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No camera matches"
      maxDropdownHeight={360}
      w={{ base: '100%', xs: 280 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
