import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountReply, InviteAccountBody } from '@vigil/contract';
import { apiRequest } from '../http';
import { accountsQueryKey } from './get-accounts';

export interface InviteAccountInput extends InviteAccountBody {
  domainId: string;
}

/** POST /api/v1/domains/{domainId}/accounts: gives an e-mail a role in the building (the account is made if it is new). */
export async function inviteAccount({ domainId, ...body }: InviteAccountInput): Promise<Account> {
  const reply = await apiRequest<AccountReply>('POST', `/api/v1/domains/${encodeURIComponent(domainId)}/accounts`, { service: null, body });
  return reply.account;
}

export function useInviteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAccount,
    onSuccess: (_account, input) => queryClient.invalidateQueries({ queryKey: accountsQueryKey(input.domainId) }),
  });
}
