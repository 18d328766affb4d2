import type { HistoryEntry } from '@vigil/contract';

export interface HistogramRow {
  label: string;
  /** detections per hour of the day, 0 to 23 */
  counts: number[];
  total: number;
}

const localHour = (ms: number): number => new Date(ms).getHours();

function rowOf(
  label: string,
  entries: readonly Pick<HistoryEntry, 'captured_at' | 'mergeCount'>[],
  hourOf: (ms: number) => number,
): HistogramRow {
  const counts = Array.from({ length: 24 }, () => 0);
  for (const entry of entries) counts[hourOf(Date.parse(entry.captured_at))]! += entry.mergeCount;
  return { label, counts, total: counts.reduce((a, b) => a + b, 0) };
}

/**
 * When a person is seen, by hour of the day (merged detections count each). Compact: one row for all cameras; expanded
 * (faces/view_expanded_histogram, DECISIONS.md): a row per camera, the busiest first.
 */
export function historyHistogram(
  entries: readonly Pick<HistoryEntry, 'captured_at' | 'mergeCount' | 'camera_description'>[],
  expanded: boolean,
  hourOf: (ms: number) => number = localHour,
): HistogramRow[] {
  if (!expanded) return [rowOf('All cameras', entries, hourOf)];
  const byCamera = new Map<string, (typeof entries)[number][]>();
  for (const entry of entries) byCamera.set(entry.camera_description, [...(byCamera.get(entry.camera_description) ?? []), entry]);
  return [...byCamera]
    .map(([camera, list]) => rowOf(camera, list, hourOf))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
}

/** The busiest hour of a row, as the histogram's text alternative says it: '14:00 (5)'. */
export function busiestHour(row: HistogramRow): string {
  const max = Math.max(...row.counts);
  const hour = row.counts.indexOf(max);
  return `${String(hour).padStart(2, '0')}:00 (${max})`;
}
