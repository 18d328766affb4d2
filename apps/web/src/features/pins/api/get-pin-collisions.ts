import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PinCollision, PinCollisionsReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/users/{domainId}/pin_collisions: refused PIN changes of the last 30 days (account/administer_user_pin). */
export async function getPinCollisions(domainId: string): Promise<PinCollision[]> {
  const reply = await apiRequest<PinCollisionsReply>('GET', `/api/v1/users/${encodeURIComponent(domainId)}/pin_collisions`, {
    service: null,
  });
  return reply.collisions;
}

export const pinCollisionsQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: ['pins', 'collisions', domainId], queryFn: () => getPinCollisions(domainId) });

export function usePinCollisions(domainId: string | null, enabled: boolean) {
  return useQuery({ ...pinCollisionsQueryOptions(domainId ?? ''), enabled: enabled && domainId !== null });
}
