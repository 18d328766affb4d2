import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DomainNewBody, DomainNewReply } from '@vigil/contract';
import { DOMAINS_QUERY_KEY } from '../../../lib/api/get-domains';
import { ENTITLEMENTS_QUERY_KEY } from '../../../lib/api/get-entitlements';
import { apiRequest } from '../../../lib/http';

/** POST /api/v1/domain/new: the building, its cameras and streams, in one go. */
export const createDomain = (body: DomainNewBody) => apiRequest<DomainNewReply>('POST', '/api/v1/domain/new', { service: null, body });

export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDomain,
    // The new building (and the access to it) shows in the picker at once.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DOMAINS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ENTITLEMENTS_QUERY_KEY }),
      ]),
  });
}
