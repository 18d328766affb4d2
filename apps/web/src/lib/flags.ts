import { useMemo } from 'react';
import { resolveFlags, type FlagId, type ResolvedFlag } from '@vigil/contract';
import { useConfig } from './api/get-config';
import { localFlagsStore } from './local-flags';
import { useStore } from './store';

export { clearLocalFlags, localFlagsStore, sanitizeFlagValues, setLocalFlag } from './local-flags';

export interface FlagsState {
  flags: Record<FlagId, ResolvedFlag>;
  /** false until the server's values are known; until then the defaults apply. */
  ready: boolean;
}

export function useFlags(): FlagsState {
  const config = useConfig();
  const local = useStore(localFlagsStore);
  const server = config.data?.flags;
  const ready = config.isSuccess || config.isError;
  return useMemo(() => ({ flags: resolveFlags(server ?? {}, local), ready }), [server, local, ready]);
}

export function useFlag(id: FlagId): boolean {
  return useFlags().flags[id].value;
}
