import { activeServiceWorkerRegistration } from './service-worker';
import { STORAGE_KEYS, readJson, writeJson } from './storage-keys';

/** Why this device cannot receive alerts, before anyone asks the server. */
export type PushBlocker = 'insecure' | 'ios-home-screen' | 'unsupported' | 'denied';

export const PUSH_DEVICE_MESSAGES = {
  insecure: 'Alerts on this device need Vigil on https',
  insecureDetail: 'Web Push works only on a secure page: open Vigil at its https address (or at localhost on the server itself).',
  iosHomeScreen:
    'On iPhone and iPad, alerts need Vigil on the home screen first: tap Share, then Add to Home Screen, open Vigil from its icon and turn alerts on there.',
  unsupported: 'This browser cannot receive alerts: it has no Push API. Use an up-to-date Chrome, Edge, Firefox or Safari.',
  denied:
    'Notifications are blocked for Vigil in this browser. Allow them in the site settings (the icon beside the address), then turn alerts on again.',
  notAllowed: 'Notifications were not allowed, so alerts cannot reach this device.',
  noServiceWorker:
    "Vigil's service worker is not running on this page (the development server has none), so alerts cannot reach this device.",
  unreachable: (detail: string) => `The browser's push service could not be reached (${detail}). Check the connection and try again.`,
  refused: (detail: string) =>
    `The browser refused to subscribe this page to push alerts (${detail}). A private window cannot receive them; in a normal window, allow notifications for Vigil and try again.`,
} as const;

/** What the browser offers for Web Push, read once per check. */
export interface PushEnvironment {
  secure: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  permission: NotificationPermission | null;
  ios: boolean;
  /** opened from the home screen (display-mode standalone), which iOS requires for Web Push */
  standalone: boolean;
}

export function readPushEnvironment(): PushEnvironment {
  const notification = typeof Notification !== 'undefined';
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return {
    secure: window.isSecureContext,
    serviceWorker: 'serviceWorker' in navigator && navigator.serviceWorker !== undefined,
    pushManager: 'PushManager' in window,
    notification,
    permission: notification ? Notification.permission : null,
    ios,
    standalone:
      window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true,
  };
}

/** The first reason this device cannot receive alerts, or null when it can try. */
export function pushBlocker(env: PushEnvironment): PushBlocker | null {
  // Browsers hide service workers and the Push API on plain http (but for localhost): say why, not "unsupported".
  if (!env.secure) return 'insecure';
  if (!env.serviceWorker || !env.pushManager || !env.notification) return env.ios && !env.standalone ? 'ios-home-screen' : 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return null;
}

/** A device name for the list of this user's devices, from the user agent: "Pixel 8 (Chrome)", "iPhone (Safari)", … */
export function guessDeviceLabel(userAgent: string): string {
  const android = /Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(userAgent)?.[1]?.trim();
  const device = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? android && android !== 'K' && !/^Linux/.test(android)
          ? android
          : 'Android phone'
        : /CrOS/.test(userAgent)
          ? 'Chromebook'
          : /Windows/.test(userAgent)
            ? 'Windows PC'
            : /Macintosh|Mac OS X/.test(userAgent)
              ? 'Mac'
              : /Linux/.test(userAgent)
                ? 'Linux PC'
                : 'This device';
  const browser = /Edg(e|A|iOS)?\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser\//.test(userAgent)
      ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  return (browser ? `${device} (${browser})` : device).slice(0, 60);
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * This browser's push subscription for Vigil's server key: the one it has, or a new one (one subscription serves
 * every building; the server keeps one row per building). A subscription made for another key (the server's keys were
 * made anew) is replaced.
 */
export async function subscribeThisBrowser(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** This browser's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  try {
    const registration = await activeServiceWorkerRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** What this device turned on: its subscription's endpoint, and per building the server's subscription id and label. */
export interface PushDeviceRecord {
  endpoint: string;
  domains: Record<string, { id: string; label: string }>;
}

export function readPushDevice(): PushDeviceRecord | null {
  const value = readJson(STORAGE_KEYS.pushDevice) as PushDeviceRecord | undefined;
  return value && typeof value.endpoint === 'string' && typeof value.domains === 'object' && value.domains !== null ? value : null;
}

export function writePushDevice(record: PushDeviceRecord | null): void {
  writeJson(STORAGE_KEYS.pushDevice, record && Object.keys(record.domains).length > 0 ? record : undefined);
}

/**
 * Logout: the server ends the session's subscriptions; this ends the browser's own, so the push service forgets it
 * too. Never throws and never holds logout up (no worker, no subscription: nothing to do).
 */
export async function endBrowserPush(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    await subscription?.unsubscribe();
  } catch {
    // The browser keeps a subscription the server no longer knows: its pushes stopped with the session.
  }
}
