import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { invalidateAfterTagging, type SaveTagsArgs, type SavedTagsReply } from './save-confirmed-tags';

/**
 * DELETE /api/faces/v1/confirmed_tags?domain_uuid= (part 2 §7): remove verified matches or rejections outright (the
 * tagging modal rejects instead). An empty list is not sent.
 */
export async function deleteConfirmedTags({ domainId, tags }: SaveTagsArgs): Promise<SavedTagsReply> {
  if (tags.length === 0) return { ok: true, saved: 0 };
  return apiRequest<SavedTagsReply>('DELETE', '/api/faces/v1/confirmed_tags', {
    service: null,
    query: { domain_uuid: domainId },
    body: tags,
  });
}

export function useDeleteConfirmedTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: SaveTagsArgs) => {
      const reply = await deleteConfirmedTags(args);
      if (reply.ok !== true) throw new Error('The server did not remove the verified matches.');
      return reply;
    },
    onSuccess: (_reply, { domainId }) => void invalidateAfterTagging(queryClient, domainId),
  });
}
