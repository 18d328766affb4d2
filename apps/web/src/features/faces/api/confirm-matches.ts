import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaceMatchConfirmRequest } from '@vigil/contract';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';
import { TRAINING_QUERY_ROOT } from '../../../lib/api/training-query-root';
import { apiRequest } from '../../../lib/http';

export interface ConfirmMatchesArgs {
  personId: string;
  runtimeFaceUuids: readonly string[];
}

/** POST /api/v4/facematchconfirm with is_correct true: these faces are this person. */
export async function confirmMatches({ personId, runtimeFaceUuids }: ConfirmMatchesArgs): Promise<void> {
  const body: FaceMatchConfirmRequest = { runtime_face_uuids: [...runtimeFaceUuids], frontend_face_uuid: personId, is_correct: true };
  await apiRequest<{ ok: true }>('POST', '/api/v4/facematchconfirm', { service: null, body });
}

/**
 * After confirming, the person's count ('N Confirmed Matches', from the faces list) and their history reload; the
 * training tool's lists are only marked stale (they are not on screen).
 */
export function useConfirmMatches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMatches,
    onSuccess: (_reply, { personId }) => {
      void queryClient.invalidateQueries({ queryKey: [...FACES_QUERY_ROOT, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...FACES_QUERY_ROOT, 'history', personId] });
      void queryClient.invalidateQueries({ queryKey: TRAINING_QUERY_ROOT, refetchType: 'none' });
    },
  });
}
