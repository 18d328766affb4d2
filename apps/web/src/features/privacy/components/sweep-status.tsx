import { Text } from '@mantine/core';
import type { RetentionSweepState } from '@vigil/contract';
import { formatMoment } from '../../../lib/format-moment';

/** When the sweep last ran, what it deleted, and when it runs next. */
export function SweepStatus({ sweep }: { sweep: RetentionSweepState }) {
  const at = (iso: string) => formatMoment(Date.parse(iso));
  const last = sweep.running
    ? 'A sweep is running now.'
    : sweep.last_started_at
      ? `Last sweep: ${at(sweep.last_started_at)}${sweep.last_deleted === null ? '' : `, ${sweep.last_deleted.toLocaleString()} deleted in all buildings`}.`
      : 'No sweep has run yet.';
  const next =
    sweep.every_minutes === null
      ? 'Sweeps are off on this server (VIGIL_RETENTION_SWEEP_MINUTES=off); an administrator can run one with the CLI.'
      : `Next sweep: ${sweep.next_at ? at(sweep.next_at) : 'soon'} (every ${sweep.every_minutes} minutes).`;
  return (
    <Text size="sm" role="status">
      {last} {next}
    </Text>
  );
}
