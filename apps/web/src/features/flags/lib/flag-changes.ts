import { FLAG_IDS, type AuditFlagBody, type FlagValues } from '@vigil/contract';

/** The local overrides that differ between two states, as the audit trail records them (null: override cleared). */
export function flagOverrideChanges(before: FlagValues, after: FlagValues): AuditFlagBody[] {
  return FLAG_IDS.filter((flag) => before[flag] !== after[flag]).map((flag) => ({ flag, value: after[flag] ?? null }));
}
