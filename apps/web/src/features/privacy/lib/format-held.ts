import type { RetentionHeld } from '@vigil/contract';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size a person reads at a glance: 1.4 GB, 820 KB, 12 bytes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${value === 1 ? 'byte' : 'bytes'}` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** What a category holds: "1,204 items · 3.1 GB", or "Nothing" when empty. */
export function formatHeld(held: RetentionHeld, locale?: string): string {
  if (held.count === 0) return 'Nothing';
  const count = `${held.count.toLocaleString(locale)} ${held.count === 1 ? 'item' : 'items'}`;
  return held.bytes === null ? count : `${count} · ${formatBytes(held.bytes)}`;
}

/** "7 days", "1 day". */
export const formatDays = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;
