import { useEffect, useState } from 'react';
import { startInterval } from './timers';

/** The current time, moving every `tickMs`, for relative times; registered with lib/timers so logout cancels it. */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => startInterval(() => setNow(Date.now()), tickMs), [tickMs]);
  return now;
}
