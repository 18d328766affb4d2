import { useEffect } from 'react';
import { pushSubscriptionChangeStore } from '../../../lib/service-worker';
import { useSession } from '../../../lib/session';
import { useStore } from '../../../lib/store';
import { currentPushSubscription, readPushDevice, writePushDevice, type PushDeviceRecord } from '../../../lib/web-push';
import { postPushSubscription } from '../api/post-push-subscription';
import { subscribeBody } from '../lib/push-device';

/**
 * When the push service replaced this browser's subscription (the worker's pushsubscriptionchange, or found at the
 * app's start), registers the new one with the server for every building this device had turned on, under the same
 * device name. Without a new subscription there is nothing to register: the alerts page then shows the device off.
 */
async function resync(): Promise<void> {
  const record = readPushDevice();
  if (!record) return;
  const subscription = await currentPushSubscription();
  if (!subscription || subscription.endpoint === record.endpoint) return;
  const json = subscription.toJSON();
  const next: PushDeviceRecord = { endpoint: subscription.endpoint, domains: {} };
  for (const [domainId, entry] of Object.entries(record.domains)) {
    try {
      const view = await postPushSubscription(subscribeBody(domainId, entry.label, json));
      next.domains[domainId] = { id: view.id, label: view.device_label };
    } catch (error) {
      console.warn(`Alerts on this device stay off for one building: ${String(error)}`);
    }
  }
  writePushDevice(next);
}

export function usePushResync(): void {
  const { authToken } = useSession();
  const changes = useStore(pushSubscriptionChangeStore);
  useEffect(() => {
    if (authToken) void resync();
  }, [authToken, changes]);
}
