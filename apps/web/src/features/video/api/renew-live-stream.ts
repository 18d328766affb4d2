import { LIVE, type hlsHeartbeatReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

type HeartbeatReply = z.infer<typeof hlsHeartbeatReplySchema>;

/** PUT /api/v1/hlsvideo/{cameraUUID}: the heartbeat that keeps a live lease; 404/403 means the lease is gone. */
export function renewLiveStream(cameraId: string): Promise<HeartbeatReply> {
  return apiRequest<HeartbeatReply>('PUT', `/api/v1/hlsvideo/${encodeURIComponent(cameraId)}`, {
    service: null,
    body: { camera_uuid: cameraId, durationInSeconds: LIVE.defaultHeartbeat },
  });
}
