import { useMutation } from '@tanstack/react-query';
import { formatUtc, type longClipReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type LongClipLink = z.infer<typeof longClipReplySchema>['data'];

export interface LongClipInput {
  cameraId: string;
  start: Date;
  end: Date;
}

/** GET /api/v4/long_clips/{cameraId}?start&end&mode=link: a signed link to one MP4 of the range, served as a download. */
export async function getLongClip({ cameraId, start, end }: LongClipInput): Promise<LongClipLink> {
  const reply = await apiRequest<z.infer<typeof longClipReplySchema>>('GET', `/api/v4/long_clips/${encodeURIComponent(cameraId)}`, {
    service: null,
    query: { start: formatUtc(start), end: formatUtc(end), mode: 'link' },
  });
  return reply.data;
}

export function useLongClip() {
  return useMutation({ mutationFn: getLongClip });
}
