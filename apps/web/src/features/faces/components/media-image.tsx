import { useState } from 'react';
import { Center, Image, Text } from '@mantine/core';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';

/** A picture from the API (a signed /media link), with a quiet placeholder when there is none or it cannot load. */
export function MediaImage({
  src,
  alt,
  w,
  h,
  fit = 'cover',
}: {
  src: string | null;
  alt: string;
  w: number | string;
  h: number | string;
  fit?: 'cover' | 'contain';
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    return (
      <Center w={w} h={h} bg="gray.1" style={{ borderRadius: 6, flexShrink: 0 }}>
        <Text size="xs" c="dimmed">
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
      style={{ flexShrink: 0 }}
      onError={() => setBroken(src)}
    />
  );
}
