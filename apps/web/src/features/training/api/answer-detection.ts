import type { FaceConfirmBody, FaceMatchConfirmRequest } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

// The answers a reviewer gives about a detection (part 2 §7).

/** POST /api/v4/facematchconfirm: is_correct true confirms to the person, false takes it back (Undo, Remove). */
export async function confirmFaceMatch(body: FaceMatchConfirmRequest): Promise<void> {
  await apiRequest<{ ok: true }>('POST', '/api/v4/facematchconfirm', { service: null, body });
}

/** POST /api/v4/faceconfirm with is_face false: 'Not a Face'. */
export async function confirmFace(body: FaceConfirmBody): Promise<void> {
  await apiRequest<{ ok: true }>('POST', '/api/v4/faceconfirm', { service: null, body });
}
