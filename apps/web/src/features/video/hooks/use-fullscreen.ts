import { useEffect, useState, type RefObject } from 'react';

/** Fullscreen of one element (the player), following the browser's state (Escape leaves it too). */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen().catch((error: unknown) => console.warn('Fullscreen was refused', error));
  };
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}
