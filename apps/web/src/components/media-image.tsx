import { useState } from 'react';
import { Center, Image, Text, type BoxProps } from '@mantine/core';
import { currentApiHost } from '../lib/api-host';
import { resolveMediaUrl } from '../lib/media-url';

/**
 * A picture from the API (a signed /media link: a detected face, a person's photo), loaded lazily, with a quiet
 * placeholder that says so when there is none or it cannot load.
 */
export function MediaImage({
  src,
  alt,
  w,
  h,
  fit = 'cover',
}: {
  src: string | null;
  alt: string;
  w: BoxProps['w'];
  h: BoxProps['h'];
  fit?: 'cover' | 'contain';
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <Center w={w} h={h} bg="gray.1" role="img" aria-label={`${alt} (no picture)`} style={{ borderRadius: 6, flexShrink: 0 }}>
        <Text size="xs" c="dimmed" aria-hidden="true">
          No picture
        </Text>
      </Center>
    );
  }
  return (
    <Image
      src={resolveMediaUrl(src, currentApiHost())}
      alt={alt}
      w={w}
      h={h}
      fit={fit}
      radius="sm"
      loading="lazy"
      bg="gray.1"
      style={{ flexShrink: 0, color: 'transparent' }}
      onError={() => setBroken(src)}
    />
  );
}
