import { apiRequest } from '../../../lib/http';
import type { FaceMatchConfirmRequest } from '@vigil/contract';

/** POST /api/v4/facematchconfirm: is_correct true (confirmed), false (wrong person) or null (Undo). */
export async function confirmFaceMatch(body: FaceMatchConfirmRequest): Promise<void> {
  await apiRequest<{ ok: true }>('POST', '/api/v4/facematchconfirm', { service: null, body });
}
