import { apiRequest } from '../../../lib/http';

/** DELETE /api/v1/push/subscriptions/{id}: one of the user's devices stops receiving the building's alerts. */
export async function deletePushSubscription(id: string): Promise<void> {
  await apiRequest<{ ok: true }>('DELETE', `/api/v1/push/subscriptions/${encodeURIComponent(id)}`, { service: null });
}
