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

/**
 * Who is told at a tier: these roles' members and these users (who must hold alerting/receive_er_alerts); none: everyone
 * who holds it. Roles are named installation-wide ('facility-manager'): a role's id is its name.
 */
export const escalationTierSchema = z.object({
  name: z.string().trim().min(1, 'Give the tier a name.').max(60),
  role_ids: z.array(z.string().min(1).max(64)).max(20).default([]),
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

// ---- Acknowledgement and escalation (the alert card's steps, the building's escalation settings)

/**
 * The tier an unacknowledged alert goes to next, or null when nobody more is to be told: the tier after the one told
 * last; with a single tier, one re-alert of it (a caregiver who missed the first buzz gets a second), then nothing.
 * `escalated`: whether the alert was escalated (or re-alerted) before.
 */
export function nextEscalationTier(tierCount: number, told: number, escalated: boolean): number | null {
  if (tierCount <= 1) return escalated ? null : 0;
  return told + 1 < tierCount ? told + 1 : null;
}

/** GET /api/v1/alerts/escalation?domain_uuid= (alerting): the building's delay and tiers, and whom a tier may name. */
export const escalationQuerySchema = z.object({ domain_uuid: uuidSchema });
/** A role a tier may name: one that carries alerting/receive_er_alerts. */
export const escalationRoleSchema = z.object({ id: z.string(), name: z.string() });
/** A user a tier may name: one who holds alerting/receive_er_alerts in the building. */
export const escalationUserSchema = z.object({ id: uuidSchema, name: z.string(), email: z.string() });
export const escalationReplySchema = z.object({
  ok: z.literal(true),
  settings: escalationSettingsSchema,
  roles: z.array(escalationRoleSchema),
  users: z.array(escalationUserSchema),
});
export type EscalationReply = z.infer<typeof escalationReplySchema>;
/** PUT /api/v1/alerts/escalation (alerting/edit): every role and user named must be one the building's GET offers (400). */
export const escalationUpdateBodySchema = z.object({ domain_uuid: uuidSchema, settings: escalationSettingsSchema });
export type EscalationUpdateBody = z.input<typeof escalationUpdateBodySchema>;

export const ESCALATION_MESSAGES = {
  unknownRole: (role: string) => `The role ${role} does not receive elopement alerts, so it cannot be told.`,
  unknownUser: 'Every user named in a tier must receive elopement alerts in this building.',
} as const;

// ---- Web Push: the server's subscription, test and acknowledgement routes

export const PUSH_LIMITS = {
  /** devices one user may have receive one building's alerts (each is a place the server posts to) */
  devicesPerUser: 10,
  /** per user, a minute: turning alerts on (POST /api/v1/push/subscriptions) */
  subscribesPerMinute: 20,
  /** per user, a minute: test notifications */
  testsPerMinute: 6,
  /** per address, a minute: a notification's "I'm on it" (POST /api/v1/push/acknowledge, no session) */
  acknowledgesPerMinute: 60,
} as const;

/** Where a notification's acknowledgement goes (the service worker posts the message's `acknowledge` there). */
export const PUSH_ACKNOWLEDGE_PATH = '/api/v1/push/acknowledge';

/** Where a notification's "Open" goes: the alerts page of the alert's building (and the alert, when there is one). */
export const pushOpenUrl = (domain: string, alertId: string | null): string =>
  `/alerts?domain=${encodeURIComponent(domain)}${alertId ? `&alert=${encodeURIComponent(alertId)}` : ''}`;

/** One notification per alert on a device: each step's push replaces the last (a test has its own). */
export const pushTag = (alertId: string): string => `alert-${alertId}`;

export const PUSH_MESSAGES = {
  endpointRefused: (host: string) => `The push endpoint ${host} is not a push service on a public address, so alerts are not sent there.`,
  tooManyDevices: (max: number) => `At most ${max} devices receive one person's alerts in a building: turn one off first.`,
  noSuchDevice: 'No such device receives your alerts.',
  testSent: 'Test notification sent: it should show on the device in a moment.',
  testGone: 'The push service no longer knows this device, so it was turned off: turn its alerts on again.',
  testNotTaken: (why: string) => `The push service did not take the test notification (${why}). Try again in a moment.`,
} as const;

/** The text of a test notification. */
export const pushTestTexts = (deviceLabel: string): { title: string; body: string } => ({
  title: 'Vigil test notification',
  body: `Elopement alerts will reach ${deviceLabel} like this.`,
});

/** POST /api/v1/push/test: a test notification to one of the caller's devices, sent at once (not queued). */
export const pushTestBodySchema = z.object({ subscription_id: uuidSchema });
export const pushTestReplySchema = z.object({
  ok: z.literal(true),
  /** whether the push service took it (a device that is off gets it when it wakes) */
  delivered: z.boolean(),
  message: z.string(),
});
export const pushUnsubscribeReplySchema = z.object({ ok: z.literal(true) });
