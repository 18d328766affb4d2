import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentSetting } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { privacyQueryKey } from './get-privacy';

/** PUT /api/v1/privacy/consent: whether recognition in the building needs consent (faces/edit). */
export async function setConsentRequired({ domainId, required }: { domainId: string; required: boolean }): Promise<ConsentSetting> {
  return apiRequest<ConsentSetting>('PUT', '/api/v1/privacy/consent', { service: null, body: { domain_uuid: domainId, required } });
}

export function useSetConsentRequired(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConsentRequired,
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyQueryKey(domainId) }),
  });
}
