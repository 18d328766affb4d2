import { useEffect, useRef, useState } from 'react';

/**
 * Infinite scrolling: calls `load` when the returned ref's element (a sentinel under the list) comes near the
 * viewport, while `enabled`. Without IntersectionObserver nothing happens, and the Load More button remains.
 */
export function useLoadOnVisible(load: () => void, enabled: boolean) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    if (!sentinel || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestLoad.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, enabled]);
  return setSentinel;
}
