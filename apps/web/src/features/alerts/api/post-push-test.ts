import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pushTestReplySchema } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

export type PushTestReply = z.infer<typeof pushTestReplySchema>;

/** POST /api/v1/push/test: a test notification to one of the user's devices now; the reply says whether its push service took it. */
export async function postPushTest(subscriptionId: string): Promise<PushTestReply> {
  return apiRequest<PushTestReply>('POST', '/api/v1/push/test', { service: null, body: { subscription_id: subscriptionId } });
}

export function usePushTest() {
  return useMutation({ mutationFn: postPushTest });
}
