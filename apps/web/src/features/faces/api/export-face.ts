import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';

/** The zip's name: the person's id (never their name: downloads folders are not private) and the day. */
export const exportFileName = (faceId: string, now: Date) => `vigil-person-${faceId.slice(0, 8)}-${now.toISOString().slice(0, 10)}.zip`;

/**
 * GET /api/v1/faces/{id}/export (faces/find_all): the person's data as a zip, for a subject access request. It needs the
 * session's bearer token, which a plain link cannot send, so it is fetched and saved from memory.
 */
export async function downloadFaceExport(faceId: string): Promise<void> {
  const blob = await apiRequest<Blob>('GET', `/api/v1/faces/${encodeURIComponent(faceId)}/export`, { service: null, as: 'blob' });
  saveBlob(blob, exportFileName(faceId, new Date()));
}

export function useDownloadFaceExport() {
  return useMutation({ mutationFn: downloadFaceExport });
}
