import { Avatar } from '@mantine/core';
import type { Face } from '@vigil/contract';
import { currentApiHost } from '../../../lib/api-host';
import { resolveMediaUrl } from '../../../lib/media-url';
import { initials, thumbnailOf } from '../lib/face-labels';

/** The front photo's thumbnail, or the person's initials (also when the photo cannot load). Decorative: the name is next to it. */
export function FaceAvatar({ face, size }: { face: Face; size: number }) {
  const thumbnail = thumbnailOf(face);
  return (
    <Avatar
      src={thumbnail ? resolveMediaUrl(thumbnail, currentApiHost()) : null}
      alt=""
      size={size}
      radius="xl"
      color="initials"
      name={face.person_name}
      aria-hidden="true"
    >
      {initials(face.person_name)}
    </Avatar>
  );
}
