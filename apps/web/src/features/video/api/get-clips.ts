import { formatUtc, type Clip, type ClipsReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v4/clips/{cameraId}/{timestamp}: the clips before and after an instant, ordered by start. */
export async function getClips(cameraId: string, at: Date): Promise<Clip[]> {
  const reply = await apiRequest<ClipsReply>('GET', `/api/v4/clips/${encodeURIComponent(cameraId)}/${formatUtc(at)}`, { service: null });
  return reply.clips;
}
