import { queryOptions, useQuery } from '@tanstack/react-query';
import type { scoreReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { BADGES_QUERY_ROOT } from './get-credentials';

export type CredentialScore = z.infer<typeof scoreReplySchema>;

/** GET /api/faces/v1/credentials/score?domain_uuid=&identity_id= (part 2 §7): the identity's match ratio and taps. */
export function getCredentialScore(domainId: string, identityId: string, signal?: AbortSignal): Promise<CredentialScore> {
  return apiRequest<CredentialScore>('GET', '/api/faces/v1/credentials/score', {
    service: null,
    query: { domain_uuid: domainId, identity_id: identityId },
    ...(signal ? { signal } : {}),
  });
}

export const credentialScoreDomainKey = (domainId: string) => [...BADGES_QUERY_ROOT, 'score', domainId] as const;

export const credentialScoreQueryOptions = (domainId: string, identityId: string) =>
  queryOptions({
    queryKey: [...credentialScoreDomainKey(domainId), identityId] as const,
    queryFn: ({ signal }) => getCredentialScore(domainId, identityId, signal),
  });

export function useCredentialScore(domainId: string, identityId: string) {
  return useQuery(credentialScoreQueryOptions(domainId, identityId));
}
