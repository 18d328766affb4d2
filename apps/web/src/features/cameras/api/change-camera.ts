import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CameraEditBody, cameraEditReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { DOMAINS_QUERY_KEY } from '../../../lib/api/get-domains';
import { apiRequest } from '../../../lib/http';
import { CAMERAS_QUERY_ROOT } from './get-cameras';

type CameraChangeReply = z.infer<typeof cameraEditReplySchema>;

/** PUT /api/v4/cameras/{uuid} (video/edit): name, address, stream path or credentials. */
export function editCamera(uuid: string, changes: CameraEditBody): Promise<CameraChangeReply> {
  return apiRequest<CameraChangeReply>('PUT', `/api/v4/cameras/${encodeURIComponent(uuid)}`, {
    service: 'Buildings & Cameras',
    body: changes,
  });
}

/** DELETE /api/v4/cameras/{uuid} (video/delete): the camera stops recording and leaves every list; its history stays. */
export function deleteCamera(uuid: string): Promise<CameraChangeReply> {
  return apiRequest<CameraChangeReply>('DELETE', `/api/v4/cameras/${encodeURIComponent(uuid)}`, { service: 'Buildings & Cameras' });
}

/** Both change what the domains (camera pickers) and the cameras page show. */
function useCameraMutation<A>(mutationFn: (args: A) => Promise<CameraChangeReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CAMERAS_QUERY_ROOT }),
      ]);
    },
  });
}

export const useEditCamera = () =>
  useCameraMutation(({ uuid, changes }: { uuid: string; changes: CameraEditBody }) => editCamera(uuid, changes));
export const useDeleteCamera = () => useCameraMutation((uuid: string) => deleteCamera(uuid));
