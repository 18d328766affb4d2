import { useEffect, useState } from 'react';
import { Center, Image, type BoxProps } from '@mantine/core';
import { currentApiHost } from '../../../lib/api-host';
import { startTimeout } from '../../../lib/timers';
import { frameRetryDelay } from '../lib/frame-retry';
import { resolveMediaUrl } from '../../../lib/media-url';

function Placeholder({ w, h, label }: { w: BoxProps['w']; h: BoxProps['h']; label: string }) {
  return (
    <Center w={w} h={h} bg="gray.1" style={{ borderRadius: 4, flexShrink: 0 }} role="img" aria-label={label}>
      <svg width="40%" height="40%" viewBox="0 0 24 24" fill="var(--mantine-color-gray-5)" aria-hidden="true">
        <path d="M4 7h10a2 2 0 0 1 2 2v1.5l4-2.5v8l-4-2.5V15a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z" />
      </svg>
    </Center>
  );
}

interface Props {
  src: string | null;
  alt: string;
  /** when the frame was taken: a missing frame of a recent moment is asked for again */
  takenAt?: number;
  w: BoxProps['w'];
  h: BoxProps['h'];
  fit?: 'cover' | 'contain';
}

/**
 * A frame cut from the recording. Right after an event the clip may still be recording and the link answers 404:
 * a neutral placeholder stands in, and the frame is asked for again while it may still come.
 */
export function FrameImage({ src, alt, takenAt, w, h, fit = 'cover' }: Props) {
  const [failed, setFailed] = useState<{ src: string; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const broken = failed !== null && failed.src === src && failed.attempt === attempt;

  useEffect(() => {
    if (!broken) return;
    const delay = frameRetryDelay(takenAt, Date.now());
    if (delay === null) return;
    return startTimeout(() => setAttempt((n) => n + 1), delay);
  }, [broken, takenAt]);

  if (!src || broken) return <Placeholder w={w} h={h} label={`${alt} (not available yet)`} />;
  return (
    <Image
      key={attempt}
      src={resolveMediaUrl(src, currentApiHost())}
      alt={alt}
      w={w}
      h={h}
      fit={fit}
      radius={4}
      loading="lazy"
      bg="gray.1"
      // The alt text is for screen readers; drawn over the grey box while the frame loads it only gets in the way.
      style={{ flexShrink: 0, color: 'transparent' }}
      onError={() => setFailed({ src, attempt })}
    />
  );
}
