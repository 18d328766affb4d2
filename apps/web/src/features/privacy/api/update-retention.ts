import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyReply, PrivacyUpdate } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { privacyQueryKey } from './get-privacy';

/** PUT /api/v1/privacy: a building's periods in days (null: back to the installation's), account/edit. */
export async function updateRetention(body: PrivacyUpdate): Promise<PrivacyReply> {
  return apiRequest<PrivacyReply>('PUT', '/api/v1/privacy', { service: null, body });
}

export function useUpdateRetention(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (reply) => queryClient.setQueryData(privacyQueryKey(domainId), reply),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyQueryKey(domainId) }),
  });
}
