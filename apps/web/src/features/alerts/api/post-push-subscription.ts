import type { z } from 'zod';
import type { PushSubscribeBody, PushSubscriptionView, pushSubscriptionReplySchema } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

type PushSubscriptionReply = z.infer<typeof pushSubscriptionReplySchema>;

/** POST /api/v1/push/subscriptions: this browser's subscription receives the building's alerts (the same endpoint replaces its row). */
export async function postPushSubscription(body: PushSubscribeBody): Promise<PushSubscriptionView> {
  const reply = await apiRequest<PushSubscriptionReply>('POST', '/api/v1/push/subscriptions', { service: null, body });
  return reply.subscription;
}
