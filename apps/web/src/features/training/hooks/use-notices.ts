import { useCallback, useEffect, useRef, useState } from 'react';
import { startTimeout } from '../../../lib/timers';

export interface Notice {
  id: number;
  tone: 'success' | 'error';
  message: string;
}

/** How long a notice stays unless closed first. */
const NOTICE_MS = 8_000;

/** Short-lived notices of the outcome of an answer (a failure, 'Visitor added. Please refresh.'). */
export function useNotices() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<() => void>());

  const close = useCallback((id: number) => setNotices((all) => all.filter((notice) => notice.id !== id)), []);
  const notify = useCallback(
    (tone: Notice['tone'], message: string) => {
      const id = nextId.current++;
      setNotices((all) => [...all, { id, tone, message }]);
      const cancel = startTimeout(() => {
        timers.current.delete(cancel);
        close(id);
      }, NOTICE_MS);
      timers.current.add(cancel);
    },
    [close],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const cancel of pending) cancel();
      pending.clear();
    };
  }, []);

  return { notices, notify, close };
}
