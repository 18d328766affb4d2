import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pushSubscriptionsReplySchema } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

export type PushSubscriptionsReply = z.infer<typeof pushSubscriptionsReplySchema>;

/** GET /api/v1/push/subscriptions?domain_uuid=: the signed-in user's devices that receive this building's alerts. */
export async function getPushSubscriptions(domainId: string, signal?: AbortSignal): Promise<PushSubscriptionsReply> {
  return apiRequest<PushSubscriptionsReply>('GET', '/api/v1/push/subscriptions', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal ? { signal } : {}),
  });
}

export const PUSH_SUBSCRIPTIONS_QUERY_ROOT = ['push-subscriptions'] as const;

export const pushSubscriptionsQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: [...PUSH_SUBSCRIPTIONS_QUERY_ROOT, domainId] as const,
    queryFn: ({ signal }) => getPushSubscriptions(domainId, signal),
  });

export function usePushSubscriptions(domainId: string) {
  return useQuery(pushSubscriptionsQueryOptions(domainId));
}
