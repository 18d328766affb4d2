import { LIVE, type HlsStartReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/v1/hlsvideo/: leases a live HLS stream of a camera (needs video/view_live). */
export function startLiveStream(cameraId: string, signal?: AbortSignal): Promise<HlsStartReply> {
  return apiRequest<HlsStartReply>('POST', '/api/v1/hlsvideo/', {
    service: null,
    body: { camera_uuid: cameraId, duration: LIVE.defaultDuration },
    ...(signal ? { signal } : {}),
  });
}
