import { formatUtc, type ClipReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/**
 * POST /api/v4/clip: the recorded clip holding `at` (needs video/view_historic). A missing recording
 * is a normal reply, `{ ok: false, err, reason }`, so the caller gets it unchanged.
 */
export function getClip(cameraId: string, at: Date): Promise<ClipReply | undefined> {
  return apiRequest<ClipReply | undefined>('POST', '/api/v4/clip', {
    service: null,
    body: { camera_uuid: cameraId, cliptype: 'available_aligned_or_short', timestamp: formatUtc(at) },
  });
}
