import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PinEnabledReply, PinUser } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/users/{domainId}/pin_enabled: people whose PIN an administrator may set (needs account/administer_user_pin). */
export async function getPinEnabledUsers(domainId: string): Promise<PinUser[]> {
  const reply = await apiRequest<PinEnabledReply>('GET', `/api/v1/users/${encodeURIComponent(domainId)}/pin_enabled`, { service: null });
  return reply.data.users;
}

export const pinEnabledUsersQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: ['pins', 'enabled-users', domainId], queryFn: () => getPinEnabledUsers(domainId) });

export function usePinEnabledUsers(domainId: string | null, enabled: boolean) {
  return useQuery({ ...pinEnabledUsersQueryOptions(domainId ?? ''), enabled: enabled && domainId !== null });
}
