import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RevokeAccountReply } from '@vigil/contract';
import { accountsQueryKey } from '../../../lib/api/get-accounts';
import { apiRequest } from '../../../lib/http';

export interface RevokeAccountInput {
  domainId: string;
  userId: string;
}

/** DELETE /api/v1/domains/{domainId}/accounts/{userId}: takes back every role the account holds in the building. */
export async function revokeAccount({ domainId, userId }: RevokeAccountInput): Promise<string[]> {
  const path = `/api/v1/domains/${encodeURIComponent(domainId)}/accounts/${encodeURIComponent(userId)}`;
  const reply = await apiRequest<RevokeAccountReply>('DELETE', path, { service: null });
  return reply.revoked;
}

export function useRevokeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccount,
    onSettled: (_revoked, _error, input) => queryClient.invalidateQueries({ queryKey: accountsQueryKey(input.domainId) }),
  });
}
