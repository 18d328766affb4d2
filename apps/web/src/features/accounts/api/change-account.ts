import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountReply, ChangeAccountBody } from '@vigil/contract';
import { accountsQueryKey } from '../../../lib/api/get-accounts';
import { apiRequest } from '../../../lib/http';

export interface ChangeAccountInput extends ChangeAccountBody {
  domainId: string;
  userId: string;
}

/** PUT /api/v1/domains/{domainId}/accounts/{userId}: the roles the account holds in the building from now on. */
export async function changeAccount({ domainId, userId, roles }: ChangeAccountInput): Promise<Account> {
  const path = `/api/v1/domains/${encodeURIComponent(domainId)}/accounts/${encodeURIComponent(userId)}`;
  const reply = await apiRequest<AccountReply>('PUT', path, { service: null, body: { roles } });
  return reply.account;
}

export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccount,
    onSettled: (_account, _error, input) => queryClient.invalidateQueries({ queryKey: accountsQueryKey(input.domainId) }),
  });
}
