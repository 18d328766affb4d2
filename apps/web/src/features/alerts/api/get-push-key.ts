import type { z } from 'zod';
import type { pushKeyReplySchema } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

export type PushKeyReply = z.infer<typeof pushKeyReplySchema>;

/** GET /api/v1/push/key: the server's VAPID public key, which a browser subscribes with. */
export async function getPushKey(): Promise<string> {
  const reply = await apiRequest<PushKeyReply>('GET', '/api/v1/push/key', { service: null });
  return reply.public_key;
}
