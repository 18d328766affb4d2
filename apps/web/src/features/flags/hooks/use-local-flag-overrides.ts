import type { FlagId } from '@vigil/contract';
import { clearLocalFlags, localFlagsStore, setLocalFlag } from '../../../lib/flags';
import { useReportFlagChange } from '../api/report-flag-change';
import { flagOverrideChanges } from '../lib/flag-changes';

/**
 * This browser's flag overrides, changed at once and each change reported to the audit trail (once per flag) without
 * waiting for it: the report's failure shows as `reportError`, never undoing or delaying the change.
 */
export function useLocalFlagOverrides() {
  const report = useReportFlagChange();

  function change(update: () => void) {
    const before = localFlagsStore.get();
    update();
    for (const body of flagOverrideChanges(before, localFlagsStore.get())) report.mutate(body);
  }

  return {
    setLocal: (id: FlagId, value: boolean | undefined) => change(() => setLocalFlag(id, value)),
    clearAll: () => change(clearLocalFlags),
    reportError: report.error,
    dismissReportError: report.reset,
  };
}
