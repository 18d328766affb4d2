import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

/**
 * Alert delivery (issue 37): an elopement alert's steps and state, acknowledgement, escalation through a building's
 * tiers, and the messages sent to phones (Web Push), brokers (MQTT) and nurse-call gateways (webhooks).
 */

/** What happens to an elopement alert, in order: raised (tier 0 told), escalated (the next tier told), acknowledged, dismissed. */
export const ALERT_STEPS = ['raised', 'escalated', 'acknowledged', 'dismissed'] as const;
export type AlertStep = (typeof ALERT_STEPS)[number];
/** An alert's state: dismissal (the spec's PIN dismissal) ends it; acknowledgement says someone is on it. */
export const ALERT_STATES = ['raised', 'acknowledged', 'dismissed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const ESCALATION = {
  /** unacknowledged this long after it was raised (or last escalated), an alert goes to the next tier */
  defaultDelaySeconds: 30,
  minDelaySeconds: 10,
  maxDelaySeconds: 600,
  maxTiers: 5,
} as const;

export const ACKNOWLEDGE_MESSAGES = {
  alreadyAcknowledged: 'This alert was already acknowledged.',
  dismissed: 'This alert was already dismissed.',
  pushLinkExpired: 'This notification no longer acknowledges its alert: open Vigil.',
} as const;

/** Who is told at a tier: these roles' members and these users (who must hold alerting/receive_er_alerts); none: everyone who holds it. */
export const escalationTierSchema = z.object({
  name: z.string().trim().min(1, 'Give the tier a name.').max(60),
  role_ids: z.array(uuidSchema).max(20).default([]),
  user_ids: z.array(uuidSchema).max(200).default([]),
});
export type EscalationTier = z.output<typeof escalationTierSchema>;

export const escalationSettingsSchema = z.object({
  delay_seconds: z.number().int().min(ESCALATION.minDelaySeconds).max(ESCALATION.maxDelaySeconds),
  tiers: z.array(escalationTierSchema).min(1, 'Keep at least one tier.').max(ESCALATION.maxTiers),
});
export type EscalationSettings = z.output<typeof escalationSettingsSchema>;

/** A building without settings of its own: everyone with the right, told at once; nobody more to escalate to. */
export const DEFAULT_ESCALATION: EscalationSettings = {
  delay_seconds: ESCALATION.defaultDelaySeconds,
  tiers: [{ name: 'Everyone on duty', role_ids: [], user_ids: [] }],
};

export const personRefSchema = z.object({ uuid: z.string(), name: z.string(), email: z.string() });

/** One step of an alert, as its card and the report show it. */
export const alertStepSchema = z.object({
  step: z.enum(ALERT_STEPS),
  at: isoUtcSchema,
  /** the tier told (raised, escalated) */
  tier: z.number().int().nullable(),
  tier_name: z.string().nullable(),
  /** who acknowledged or dismissed */
  by: personRefSchema.nullable(),
  /** the device it was done from ("Pixel 8"), null from a page */
  device: z.string().nullable(),
});
export type AlertStepView = z.infer<typeof alertStepSchema>;

/** POST /api/v1/faces/alerts/{id}/acknowledge (alerting/receive_er_alerts): "I'm on it" from an open page. */
export const acknowledgeAlertParamsSchema = z.object({ id: uuidSchema });

// ---- Web Push

export const PUSH = {
  /** the notification's actions */
  acknowledgeAction: 'acknowledge',
  openAction: 'open',
  acknowledgeText: "I'm on it",
  openText: 'Open',
  /** a push is worth sending this long after its step; later it is dropped (the page shows the alert) */
  ttlSeconds: 600,
  /** the small crop inside a notification: a JPEG at most this wide and this many bytes (a push carries ~4 KB) */
  pictureWidth: 96,
  pictureMaxBytes: 2400,
} as const;

const base64url = (name: string, min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`);

/** A browser's PushSubscription (toJSON()), as the page sends it. */
export const browserPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, message: 'The push endpoint must be an https URL.' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh', 80, 100), auth: base64url('keys.auth', 16, 32) }),
});

/** POST /api/v1/push/subscriptions: this device receives this building's alerts for the signed-in user. */
export const pushSubscribeBodySchema = z.object({
  domain_uuid: uuidSchema,
  device_label: z.string().trim().min(1).max(60),
  subscription: browserPushSubscriptionSchema,
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

export const pushSubscriptionViewSchema = z.object({
  id: uuidSchema,
  domain_uuid: uuidSchema,
  device_label: z.string(),
  /** the push service's host (fcm.googleapis.com, web.push.apple.com, …): the endpoint itself is a credential */
  service: z.string(),
  created_at: isoUtcSchema,
  last_sent_at: isoUtcSchema.nullable(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionViewSchema>;

/** GET /api/v1/push/key: the installation's VAPID public key (applicationServerKey), base64url. */
export const pushKeyReplySchema = z.object({ ok: z.literal(true), public_key: z.string() });
export const pushSubscriptionsQuerySchema = z.object({ domain_uuid: uuidSchema });
export const pushSubscriptionsReplySchema = z.object({ ok: z.literal(true), subscriptions: z.array(pushSubscriptionViewSchema) });
export const pushSubscriptionReplySchema = z.object({ ok: z.literal(true), subscription: pushSubscriptionViewSchema });
export const pushSubscriptionParamsSchema = z.object({ id: uuidSchema });

/**
 * POST /api/v1/push/acknowledge: a notification's "I'm on it", sent by the service worker without a session. The token
 * (from the push) names one alert and one subscription, and acknowledges only while that alert is open and that
 * subscription lives.
 */
export const pushAcknowledgeBodySchema = z.object({
  alert_id: uuidSchema,
  subscription_id: uuidSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the one the notification carried'),
});
export type PushAcknowledgeBody = z.infer<typeof pushAcknowledgeBodySchema>;
export const pushAcknowledgeReplySchema = z.object({ ok: z.literal(true), state: z.enum(ALERT_STATES) });

/** What a phone's service worker receives (decrypted), for an alert's step, or a test. */
export const pushMessageSchema = z.object({
  v: z.literal(1),
  kind: z.enum(['elopement_alert', 'test']),
  step: z.enum(ALERT_STEPS),
  alert_id: uuidSchema.nullable(),
  domain_uuid: uuidSchema,
  title: z.string(),
  body: z.string(),
  /** the resident's name and the exit (null for a test) */
  person_name: z.string().nullable(),
  exit: z.string().nullable(),
  at: isoUtcSchema,
  tier: z.number().int().nullable(),
  /** a small crop of the face, data:image/jpeg;base64 (no link: nothing in a push outlives its alert) */
  picture: z.string().nullable(),
  /** "I'm on it": present while the alert waits for someone */
  acknowledge: z.object({ url: z.string(), subscription_id: uuidSchema, token: z.string() }).nullable(),
  /** where "Open" and a tap on the notification go (a path of this site) */
  open_url: z.string(),
  /** one notification per alert: each step replaces the last */
  tag: z.string(),
  /** ring and vibrate again (raised, escalated), or update silently (acknowledged, dismissed) */
  renotify: z.boolean(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** The title and text of an alert's notification at each step (shared by the server's push and its tests). */
export function pushTexts(
  step: AlertStep,
  facts: { person: string; exit: string; by?: string | null; tierName?: string | null },
): {
  title: string;
  body: string;
} {
  switch (step) {
    case 'raised':
      return { title: `Elopement risk: ${facts.person}`, body: `Seen at ${facts.exit}.` };
    case 'escalated':
      return {
        title: `Nobody is on it: ${facts.person}`,
        body: `Seen at ${facts.exit}${facts.tierName ? `. Escalated to ${facts.tierName}` : ''}.`,
      };
    case 'acknowledged':
      return { title: `${facts.by ?? 'Someone'} is on it`, body: `${facts.person} at ${facts.exit}.` };
    case 'dismissed':
      return { title: `Dismissed: ${facts.person}`, body: `At ${facts.exit}${facts.by ? `, by ${facts.by}` : ''}.` };
  }
}

/** An alert's state from its acknowledgement and dismissal. */
export function alertState(alert: { dismissed_at: unknown; acknowledged_at: unknown }): AlertState {
  if (alert.dismissed_at !== null && alert.dismissed_at !== undefined) return 'dismissed';
  if (alert.acknowledged_at !== null && alert.acknowledged_at !== undefined) return 'acknowledged';
  return 'raised';
}
