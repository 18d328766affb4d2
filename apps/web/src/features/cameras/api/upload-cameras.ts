import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CameraUploadRecord, cameraUploadReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { DOMAINS_QUERY_KEY } from '../../../lib/api/get-domains';
import { apiRequest } from '../../../lib/http';
import { CAMERAS_QUERY_ROOT } from './get-cameras';

export type CameraUploadReply = z.infer<typeof cameraUploadReplySchema>;

/** POST /api/v4/cameras/upload: adds cameras to a domain (needs video/add). */
export function uploadCameras(records: CameraUploadRecord[]): Promise<CameraUploadReply> {
  return apiRequest<CameraUploadReply>('POST', '/api/v4/cameras/upload', { service: 'Buildings & Cameras', body: records });
}

export function useUploadCameras() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCameras,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CAMERAS_QUERY_ROOT }),
      ]);
    },
  });
}
