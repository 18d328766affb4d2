import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CameraStatus, camerasReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

type CamerasReply = z.infer<typeof camerasReplySchema>;

/** GET /api/v4/cameras?domain_uuid=: each camera of a domain with its recorder state, latest clip and thumbnail. */
export async function getCameras(domainId: string): Promise<CameraStatus[]> {
  const reply = await apiRequest<CamerasReply>('GET', '/api/v4/cameras', {
    service: 'Buildings & Cameras',
    query: { domain_uuid: domainId },
  });
  return reply.cameras;
}

export const CAMERAS_QUERY_ROOT = ['cameras'] as const;

export const camerasQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: [...CAMERAS_QUERY_ROOT, domainId], queryFn: () => getCameras(domainId), refetchInterval: 60_000 });

export function useCameras(domainId: string | null) {
  return useQuery({ ...camerasQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
