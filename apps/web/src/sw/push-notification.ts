import { PUSH, pushMessageSchema, type PushMessage } from '@vigil/contract';
import type { NotificationAction, WorkerNotificationOptions } from './sw-scope';

/** The app's icons as the worker shows them (files of public/icons, precached with the shell). */
export const NOTIFICATION_ICONS = { icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' } as const;

/** Buzz, pause, buzz, pause, long buzz: an alert, not a chat message. */
export const ALERT_VIBRATION = [300, 120, 300, 120, 600];

export const ACKNOWLEDGED_TITLE = "You're on it";
export const UNREACHABLE_TEXT = 'Vigil could not be reached, so the alert is not acknowledged yet. Try again or open Vigil.';

/** A push's payload (text) as Vigil's message, or null for anything else: a bad push is ignored, never thrown on. */
export function parsePushMessage(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  return readPushMessage(data);
}

/** A notification's data (the message it was shown for) as Vigil's message, or null. */
export function readPushMessage(data: unknown): PushMessage | null {
  const parsed = pushMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export interface NotificationSpec {
  title: string;
  options: WorkerNotificationOptions;
}

const openAction: NotificationAction = { action: PUSH.openAction, title: PUSH.openText };
const acknowledgeAction: NotificationAction = { action: PUSH.acknowledgeAction, title: PUSH.acknowledgeText };

/** Only a data URL of a picture may stand in for the icon: a push carries no links (they would outlive the alert). */
function iconOf(message: PushMessage): string {
  return message.picture?.startsWith('data:image/') ? message.picture : NOTIFICATION_ICONS.icon;
}

/**
 * The notification of a push: raised and escalated steps ring, vibrate and stay until answered; acknowledged and
 * dismissed ones replace the alert's notification quietly (same tag). "I'm on it" is offered while the message
 * carries an acknowledgement, "Open" always.
 */
export function notificationFor(message: PushMessage): NotificationSpec {
  const urgent = message.step === 'raised' || message.step === 'escalated';
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: iconOf(message),
      badge: NOTIFICATION_ICONS.badge,
      tag: message.tag,
      renotify: message.renotify,
      requireInteraction: urgent,
      silent: !message.renotify,
      ...(message.renotify ? { vibrate: ALERT_VIBRATION } : {}),
      timestamp: Date.parse(message.at),
      actions: message.acknowledge ? [acknowledgeAction, openAction] : [openAction],
      data: message,
    },
  };
}

/** How the server answered the notification's "I'm on it". */
export type AcknowledgeOutcome = { ok: true } | { ok: false; message: string; retry: boolean };

/** The request "I'm on it" sends: the message's acknowledgement, to its URL on this origin only, without cookies. */
export function acknowledgeRequest(message: PushMessage, origin: string): { url: string; init: RequestInit } | null {
  if (!message.acknowledge || !message.alert_id) return null;
  let url: URL;
  try {
    url = new URL(message.acknowledge.url, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return {
    url: url.href,
    init: {
      method: 'POST',
      mode: 'same-origin',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        alert_id: message.alert_id,
        subscription_id: message.acknowledge.subscription_id,
        token: message.acknowledge.token,
      }),
    },
  };
}

/** The server's reply to POST /api/v1/push/acknowledge: 200 is done; a refusal says why in `error`. */
export function readAcknowledgeReply(status: number, body: unknown): AcknowledgeOutcome {
  if (status >= 200 && status < 300 && (body as { ok?: unknown } | undefined)?.ok === true) return { ok: true };
  const error = (body as { error?: unknown } | undefined)?.error;
  const message = typeof error === 'string' && error.trim() !== '' ? error : `Vigil answered with status ${status}: open Vigil.`;
  // A refusal is final (someone else is on it, dismissed, a stale notification); a server in trouble may answer later.
  return { ok: false, message, retry: status >= 500 || status === 429 };
}

/**
 * The notification that replaces the alert's after "I'm on it": "You're on it", or the reason it did not count (the
 * server's text, e.g. someone else is on it). It is quiet and keeps "Open"; "I'm on it" stays only when trying again
 * can help (the server could not be reached).
 */
export function afterAcknowledge(message: PushMessage, outcome: AcknowledgeOutcome): NotificationSpec {
  const where = message.person_name && message.exit ? `${message.person_name} at ${message.exit}.` : message.body;
  const keep = !outcome.ok && outcome.retry;
  const data: PushMessage = { ...message, renotify: false, acknowledge: keep ? message.acknowledge : null };
  return {
    title: outcome.ok ? ACKNOWLEDGED_TITLE : outcome.message,
    options: {
      body: outcome.ok ? where : `${message.title}. ${where}`,
      icon: iconOf(message),
      badge: NOTIFICATION_ICONS.badge,
      tag: message.tag,
      renotify: false,
      silent: true,
      requireInteraction: false,
      actions: keep ? [acknowledgeAction, openAction] : [openAction],
      data,
    },
  };
}

/** Where "Open" goes: the message's path on this origin, else the alerts page. */
export function openTarget(message: PushMessage | null, origin: string): URL {
  const fallback = new URL('/alerts', origin);
  if (!message) return fallback;
  try {
    const url = new URL(message.open_url, origin);
    return url.origin === origin ? url : fallback;
  } catch {
    return fallback;
  }
}

/** The open Vigil window to bring forward: the focused one, else a visible one, else any; null when none is open. */
export function windowToFocus<T extends { url: string; focused: boolean; visibilityState: DocumentVisibilityState }>(
  windows: readonly T[],
  origin: string,
): T | null {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return ours.find((w) => w.focused) ?? ours.find((w) => w.visibilityState === 'visible') ?? ours[0] ?? null;
}
