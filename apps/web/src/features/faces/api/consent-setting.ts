import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentSetting } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';

/** GET /api/v1/privacy/consent?domain_uuid=: whether recognition in the building needs people's consent. */
export function getConsentSetting(domainId: string, signal?: AbortSignal): Promise<ConsentSetting> {
  return apiRequest<ConsentSetting>('GET', '/api/v1/privacy/consent', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

/** PUT /api/v1/privacy/consent (faces/edit in the building). */
export function setConsentSetting(domainId: string, required: boolean): Promise<ConsentSetting> {
  return apiRequest<ConsentSetting>('PUT', '/api/v1/privacy/consent', { service: null, body: { domain_uuid: domainId, required } });
}

export const consentSettingQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: [...FACES_QUERY_ROOT, 'consent-setting', domainId] as const,
    queryFn: ({ signal }) => getConsentSetting(domainId, signal),
  });

export function useConsentSetting(domainId: string | null) {
  return useQuery({ ...consentSettingQueryOptions(domainId ?? ''), enabled: domainId !== null });
}

/** The new setting is shown at once; the faces keys reload (the details say who is recognised). */
export function useSetConsentSetting(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => setConsentSetting(domainId, required),
    onSuccess: (reply) => {
      queryClient.setQueryData(consentSettingQueryOptions(domainId).queryKey, reply);
      void queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT });
    },
  });
}
