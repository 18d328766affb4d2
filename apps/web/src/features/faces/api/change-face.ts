import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentInput, Face, FaceInfo, faceDeletedReplySchema, faceSavedReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';

type FaceSavedReply = z.infer<typeof faceSavedReplySchema>;
type FaceDeletedReply = z.infer<typeof faceDeletedReplySchema>;

/** POST /api/v6/faces (faces/add): a new person of the building, photos as base64, and their consent answer if any. */
export function addFace(domainId: string, faceInfo: FaceInfo, consent?: ConsentInput): Promise<FaceSavedReply> {
  return apiRequest<FaceSavedReply>('POST', '/api/v6/faces', {
    service: 'Faces',
    body: { domain_uuid: domainId, face_info: faceInfo, ...(consent && { consent }) },
  });
}

/** PUT /api/v6/faces/{id} (faces/add): every field again, the photos to add, replace (edit) or delete, a new consent answer. */
export function editFace(faceId: string, faceInfo: FaceInfo, consent?: ConsentInput): Promise<FaceSavedReply> {
  return apiRequest<FaceSavedReply>('PUT', `/api/v6/faces/${encodeURIComponent(faceId)}`, {
    service: 'Faces',
    body: { face_info: faceInfo, ...(consent && { consent }) },
  });
}

/** DELETE /api/v6/faces/{id} (faces/delete). */
export function deleteFace(faceId: string): Promise<FaceDeletedReply> {
  return apiRequest<FaceDeletedReply>('DELETE', `/api/v6/faces/${encodeURIComponent(faceId)}`, { service: 'Faces' });
}

export type SaveFaceArgs = (
  { kind: 'add'; domainId: string; faceInfo: FaceInfo } | { kind: 'edit'; faceId: string; faceInfo: FaceInfo }
) & { consent?: ConsentInput | undefined };

/** Each change reloads the list (and histories) through the faces keys. */
function useFaceMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT }),
  });
}

export const useSaveFace = () =>
  useFaceMutation((args: SaveFaceArgs) =>
    args.kind === 'add' ? addFace(args.domainId, args.faceInfo, args.consent) : editFace(args.faceId, args.faceInfo, args.consent),
  );
/**
 * After a delete the person leaves the cached lists at once (their details close, so nothing asks for their history,
 * which would now be a 404), their own queries go, and the lists reload.
 */
export function useDeleteFace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faceId: string) => deleteFace(faceId),
    onSuccess: (_reply, faceId) => {
      queryClient.setQueriesData<Face[]>({ queryKey: [...FACES_QUERY_ROOT, 'list'] }, (list) =>
        list?.filter((face) => face.frontend_face_uuid !== faceId),
      );
      const theirs = (key: readonly unknown[]) => key.includes(faceId);
      queryClient.removeQueries({ queryKey: FACES_QUERY_ROOT, predicate: (query) => theirs(query.queryKey) });
      void queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT, predicate: (query) => !theirs(query.queryKey) });
    },
  });
}
