import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionView } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { activeServiceWorkerRegistration } from '../../../lib/service-worker';
import {
  PUSH_DEVICE_MESSAGES,
  endBrowserPush,
  pushBlocker,
  readPushDevice,
  readPushEnvironment,
  subscribeThisBrowser,
  writePushDevice,
} from '../../../lib/web-push';
import { deletePushSubscription } from '../api/delete-push-subscription';
import { getPushKey } from '../api/get-push-key';
import { PUSH_SUBSCRIPTIONS_QUERY_ROOT, usePushSubscriptions } from '../api/get-push-subscriptions';
import { postPushSubscription } from '../api/post-push-subscription';
import { pushDeviceState, recordTurnedOff, recordTurnedOn, subscribeBody, type BrowserPush } from '../lib/push-device';

export const BROWSER_PUSH_QUERY_KEY = ['browser-push'] as const;

async function readBrowserPush(): Promise<BrowserPush> {
  const registration = await activeServiceWorkerRegistration();
  if (!registration) return { worker: false, endpoint: null };
  return { worker: true, endpoint: (await registration.pushManager.getSubscription())?.endpoint ?? null };
}

/** Asks for notification permission (this must be the first thing a click does: browsers want the gesture). */
async function notificationPermission(): Promise<void> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new Error(PUSH_DEVICE_MESSAGES.denied);
  if (permission !== 'granted') throw new Error(PUSH_DEVICE_MESSAGES.notAllowed);
}

async function turnOn(domainId: string, label: string): Promise<void> {
  await notificationPermission();
  const registration = await activeServiceWorkerRegistration();
  if (!registration) throw new Error(PUSH_DEVICE_MESSAGES.noServiceWorker);
  const key = await getPushKey();
  let subscription: PushSubscription;
  try {
    subscription = await subscribeThisBrowser(registration, key);
  } catch (error) {
    // A DOMException: the browser said no (NotAllowedError; Chrome's private windows answer AbortError "Registration
    // failed - permission denied"), or its push service did not answer (AbortError "push service error", and others).
    const { name, message } = error as { name?: unknown; message?: unknown };
    const detail = typeof message === 'string' ? message : String(error);
    const refused = name === 'NotAllowedError' || /permission denied/i.test(detail);
    throw new Error(refused ? PUSH_DEVICE_MESSAGES.refused(detail) : PUSH_DEVICE_MESSAGES.unreachable(detail));
  }
  const view = await postPushSubscription(subscribeBody(domainId, label, subscription.toJSON()));
  writePushDevice(recordTurnedOn(readPushDevice(), subscription.endpoint, domainId, view));
}

/** Turning this device off for its last building ends the browser's subscription too. */
async function turnOff(subscription: PushSubscriptionView): Promise<void> {
  await deletePushSubscription(subscription.id);
  const before = readPushDevice();
  const after = recordTurnedOff(before, subscription.id);
  writePushDevice(after);
  if (before && !after) await endBrowserPush();
}

/** "Alerts on this device" for one building: its state, the user's devices, and turning them on and off. */
export function usePushDevice(domainId: string) {
  const queryClient = useQueryClient();
  // Read again after each action: permission and support change only with what the user does.
  const [blocker, setBlocker] = useState(() => pushBlocker(readPushEnvironment()));
  const browser = useQuery({
    queryKey: BROWSER_PUSH_QUERY_KEY,
    queryFn: readBrowserPush,
    enabled: blocker === null,
    staleTime: Infinity,
    retry: false,
  });
  const subscriptions = usePushSubscriptions(domainId);
  const state = pushDeviceState({
    blocker,
    browser: browser.data,
    browserError: browser.isError ? errorMessage(browser.error) : null,
    record: readPushDevice(),
    subscriptions: subscriptions.data?.subscriptions,
    domainId,
  });
  const settle = async () => {
    setBlocker(pushBlocker(readPushEnvironment()));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: BROWSER_PUSH_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: [...PUSH_SUBSCRIPTIONS_QUERY_ROOT, domainId] }),
    ]);
  };
  const on = useMutation({ mutationFn: (label: string) => turnOn(domainId, label), onSettled: settle });
  const off = useMutation({ mutationFn: turnOff, onSettled: settle });
  return { state, subscriptions, on, off };
}
