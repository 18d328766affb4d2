import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pinDigest, type ResetPinBody, type ResetPinReply } from '@vigil/contract';
import { HttpError, apiRequest } from '../../../lib/http';

export interface ResetPinInput {
  /** A user's uuid, or 'me'. */
  userId: string;
  domainId: string;
  pin: string;
}

/** POST /api/v1/users/{id|me}/reset_pin with the keyed hash of the PIN, never the PIN itself. */
export async function resetPin({ userId, domainId, pin }: ResetPinInput): Promise<void> {
  const body: ResetPinBody = { newPIN: await pinDigest(domainId, pin), domain_uuid: domainId };
  const reply = await apiRequest<ResetPinReply>('POST', `/api/v1/users/${encodeURIComponent(userId)}/reset_pin`, { service: null, body });
  if (!reply.ok) throw new HttpError(reply.error ?? 'The PIN was not changed.', 200, reply);
}

export function useResetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPin,
    // A refused PIN is a security event that administrators see listed on the same page.
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: ['pins', 'collisions', input.domainId] }),
  });
}
