import { z } from 'zod';
import { uuidSchema } from './common.js';
import { ALERT_STATES, ALERT_STEPS } from './delivery.js';

/**
 * What leaves the server for the systems a facility already has (issue 37): the JSON an MQTT event and a webhook's
 * POST carry for an alert's step, the webhooks' limits and headers, and the delivery log. No picture and no link ever
 * goes this way: the message says who and where, and the page shows the rest to whoever may see it.
 */

/** One step of an elopement alert, as an MQTT event's payload and a webhook's body (the same JSON). */
export const outboundAlertSchema = z.object({
  v: z.literal(1),
  /** the step (Home Assistant's MQTT event entity reads `event_type`) */
  event_type: z.enum(ALERT_STEPS),
  /** the delivery's id: the same on every retry of one message to one target, so a receiver can drop a repeat */
  delivery_id: uuidSchema,
  alert_id: uuidSchema,
  domain_uuid: uuidSchema,
  building: z.string(),
  person_name: z.string(),
  exit: z.string(),
  exit_uuid: uuidSchema,
  /** when the face was seen (ISO 8601, UTC, milliseconds) */
  seen_at: z.string(),
  /** when this step happened */
  at: z.string(),
  /** the tier told (raised: 0, escalated: the new one); null for acknowledged and dismissed */
  tier: z.number().int().nullable(),
  tier_name: z.string().nullable(),
  /** the alert's state when the message was sent */
  state: z.enum(ALERT_STATES),
  acknowledged_by: z.string().nullable(),
  dismissed_by: z.string().nullable(),
});
export type OutboundAlert = z.infer<typeof outboundAlertSchema>;

export const WEBHOOK = {
  /** a receiver that has not answered in this long is tried again later */
  timeoutMs: 5_000,
  /** tries before a delivery fails for good (the queue's back-off: about 9 minutes in all) */
  maxAttempts: 8,
  /** the longest Retry-After (s) of a 429 that is honoured; longer waits use the queue's back-off */
  maxRetryAfterSeconds: 300,
  headers: {
    event: 'X-Vigil-Event',
    delivery: 'X-Vigil-Delivery',
    timestamp: 'X-Vigil-Timestamp',
    signature: 'X-Vigil-Signature',
  },
  /** what a receiver should allow between X-Vigil-Timestamp and its own clock (the README's check) */
  toleranceSeconds: 300,
  /** the signing secret's prefix (the whole string, prefix included, is the HMAC key) */
  secretPrefix: 'vwhsec_',
} as const;

/** A webhook's address, as an operator gives it: http(s), no user or password in it (a query string is kept, never shown). */
export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, message: 'A webhook must be an http:// or https:// URL.' })
  .max(2048, 'A webhook URL may be at most 2048 characters.')
  .refine((url) => {
    // (a string that is no URL at all is refused by the check above)
    const parsed = URL.canParse(url) ? new URL(url) : null;
    return parsed === null || (parsed.username === '' && parsed.password === '');
  }, 'A webhook URL may not hold a user or password: put a token in its query string, or check the signature.');

export const webhookDescriptionSchema = z.string().trim().max(200, 'A webhook description may be at most 200 characters.');

/** A webhook's address as it may be shown or logged: scheme, host, port and path, without the query (often a token). */
export function webhookUrlShown(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

// ---- The delivery log

export const DELIVERY_CHANNELS = ['push', 'mqtt', 'webhook'] as const;
export type DeliveryChannelName = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'gone', 'dropped'] as const;

/** GET /api/v1/alerts/deliveries (alerting/edit): a building's deliveries, newest first, with each try. */
export const deliveryLogQuerySchema = z.object({
  domain_uuid: uuidSchema,
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type DeliveryLogQuery = z.output<typeof deliveryLogQuerySchema>;

export const deliveryTrySchema = z.object({
  at: z.string(),
  /** what the far end answered (HTTP status); null when it did not answer (network, timeout) or is no HTTP */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const deliveryLogEntrySchema = z.object({
  id: uuidSchema,
  channel: z.enum(DELIVERY_CHANNELS),
  /** the target's id: a webhook's id, a push subscription's id, or 'broker' */
  target: z.string(),
  /** what the target is: a webhook's URL without its query string (and its description), the broker's host; null for a device */
  target_label: z.string().nullable(),
  alert_id: uuidSchema.nullable(),
  step: z.enum(ALERT_STEPS),
  tier: z.number().int().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** when it is tried again (pending only) */
  next_attempt_at: z.string().nullable(),
  tries: z.array(deliveryTrySchema),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;

export const deliveryLogReplySchema = z.object({ ok: z.literal(true), deliveries: z.array(deliveryLogEntrySchema) });
