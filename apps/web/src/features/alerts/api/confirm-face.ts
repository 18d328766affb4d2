import type { FaceConfirmBody } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/v4/faceconfirm: is_face false marks the frame 'Not a Face'; true takes that back (Undo). */
export async function confirmFace(body: FaceConfirmBody): Promise<void> {
  await apiRequest<{ ok: true }>('POST', '/api/v4/faceconfirm', { service: null, body });
}
