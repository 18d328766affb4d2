// What every `npm run bench:*` prints with: percentiles, units, verdicts against goals, and the machine's load.
import { availableParallelism, loadavg } from 'node:os';

/** The value below which `p` percent of `values` fall (nearest rank). */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
export const ms = (value: number): string => `${value.toFixed(2)} ms`;
export const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
export const count = (n: number): string => n.toLocaleString('en-US');
/** Other work on the machine skews every figure: shown with each part. */
export const load = (): string => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
