import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ConfirmedFace } from '@vigil/contract';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';
import { errorMessage } from '../../../lib/http';
import { confirmFaceMatch } from './answer-detection';
import { CONFIRMED_QUERY_ROOT, type ConfirmedFacesReply } from './get-confirmed-faces';
import { DETECTED_QUERY_ROOT } from './get-detected-faces';

/** Removing a confirmation: facematchconfirm with is_correct false for that face and person (training-api.ts). */
export function removeConfirmation(face: ConfirmedFace): Promise<void> {
  return confirmFaceMatch({ runtime_face_uuids: [face.runtime_face_uuid], frontend_face_uuid: face.frontend_face_uuid, is_correct: false });
}

/**
 * 'Remove' (part 2 §4): on success the face leaves every confirmed list at once; on failure it stays and the error is
 * only logged (§8). The person's confirmed count and the review list are stale after either.
 */
export function useRemoveConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConfirmation,
    onSuccess: (_reply, face) => {
      const same = (f: ConfirmedFace) => f.runtime_face_uuid === face.runtime_face_uuid && f.frontend_face_uuid === face.frontend_face_uuid;
      queryClient.setQueriesData<InfiniteData<ConfirmedFacesReply, number>>({ queryKey: CONFIRMED_QUERY_ROOT }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, faces_confirmed: page.faces_confirmed.filter((f) => !same(f)) })) }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: DETECTED_QUERY_ROOT, refetchType: 'none' });
    },
    onError: (error, face) => console.warn(`Removing the confirmation of ${face.runtime_face_uuid} failed: ${errorMessage(error)}`),
  });
}
