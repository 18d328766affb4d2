import type { QueryClient } from '@tanstack/react-query';
import { ELOPEMENT_ALERTS_QUERY_ROOT } from './api/get-elopement-alerts';
import { navigateTo } from './navigation';
import { SERVICE_WORKER_URL, readServiceWorkerMessage } from './service-worker-messages';
import { createStore } from './store';

/** Bumped each time the worker reports that the push service replaced this browser's subscription. */
export const pushSubscriptionChangeStore = createStore(0);

/** What a page does with its service worker's messages: refetch alerts, show a notification's alert, re-register push. */
export function handleServiceWorkerMessage(data: unknown, queryClient: Pick<QueryClient, 'invalidateQueries'>): void {
  const message = readServiceWorkerMessage(data);
  if (!message) return;
  switch (message.type) {
    case 'vigil:alerts-changed':
      void queryClient.invalidateQueries({
        queryKey: message.domain_uuid ? [...ELOPEMENT_ALERTS_QUERY_ROOT, message.domain_uuid] : ELOPEMENT_ALERTS_QUERY_ROOT,
      });
      return;
    case 'vigil:open':
      if (message.path.startsWith('/') && !message.path.startsWith('//')) navigateTo(message.path);
      return;
    case 'vigil:push-subscription-changed':
      pushSubscriptionChangeStore.set((count) => count + 1);
      return;
  }
}

/**
 * Registers /sw.js once the page has loaded (it then precaches the app without competing with the page's own
 * downloads) and listens to it. The development server builds no worker: there the app runs without one.
 */
export function registerServiceWorker(queryClient: Pick<QueryClient, 'invalidateQueries'>): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return;
  container.addEventListener('message', (event) => handleServiceWorkerMessage(event.data, queryClient));
  if (!import.meta.env.PROD) return;
  const register = () =>
    void container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn(`Vigil runs without its service worker (no offline shell, no alerts on this device): ${String(error)}`);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * This page's service worker registration once its worker is active (push subscriptions need an active one); undefined
 * where there is none (the development server, a browser without service workers, a page that is not https).
 */
export async function activeServiceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return undefined;
  const registration = await container.getRegistration('/');
  if (!registration) return undefined;
  return registration.active ? registration : container.ready;
}
