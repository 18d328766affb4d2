import { formatUtc, type HistoryEntry } from '@vigil/contract';

/** The history shows this many entries until 'Show All' (part 2 §2 'Just N Detections'). */
export const SHORT_HISTORY = 10;

/** The entries shown: the first `short` until the whole history is asked for. */
export function visibleHistory<T>(entries: readonly T[], showAll: boolean, short = SHORT_HISTORY): readonly T[] {
  return showAll ? entries : entries.slice(0, short);
}

/** The viewer at the detection's camera and moment: /view/{camera}/{YYYY-MM-DDTHH:mm:ssZ}. */
export function historyViewerPath(entry: Pick<HistoryEntry, 'camera_uuid' | 'captured_at'>): string {
  return `/view/${entry.camera_uuid}/${formatUtc(new Date(entry.captured_at))}`;
}

/** The default confirmation threshold of part 2 §9. */
export const CONFIDENCE_THRESHOLD = 0.98;

/** Part 2 §5: two decimals, the leading zero dropped, 1 shown as '1'. */
export function confidenceText(value: number): string {
  const fixed = Math.min(1, Math.max(0, value)).toFixed(2);
  if (fixed === '1.00') return '1';
  return fixed.replace(/^0/, '');
}

/** Part 2 §5: below 0.90 red, below the threshold yellow, otherwise green. */
export function confidenceColor(value: number, threshold = CONFIDENCE_THRESHOLD): 'red' | 'yellow' | 'green' {
  if (value < 0.9) return 'red';
  if (value < threshold) return 'yellow';
  return 'green';
}
