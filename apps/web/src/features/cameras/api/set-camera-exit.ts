import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CameraExitReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { CAMERAS_QUERY_ROOT } from './get-cameras';

/** PUT /api/v4/cameras/{uuid}/exit (alerting/edit in the camera's building): the camera is an exit, or not. */
export function setCameraExit(uuid: string, isExit: boolean): Promise<CameraExitReply> {
  return apiRequest<CameraExitReply>('PUT', `/api/v4/cameras/${encodeURIComponent(uuid)}/exit`, {
    service: 'Buildings & Cameras',
    body: { is_exit: isExit },
  });
}

/** Marks a camera an exit or not; the cameras page (its badges) reloads. */
export function useSetCameraExit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, isExit }: { uuid: string; isExit: boolean }) => setCameraExit(uuid, isExit),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CAMERAS_QUERY_ROOT });
    },
  });
}
