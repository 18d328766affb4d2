import { z } from 'zod';
import { uuidSchema } from './common.js';
import { ALERT_STATES, alertStepSchema } from './delivery.js';
import { GENDERS } from './faces.js';
import { isoUtcSchema } from './video.js';

/** Spec part 1 §9: elopement alerts look back 24 hours, refresh every 30 s, and their clocks tick every 5 s. */
export const ELOPEMENT = {
  lookbackHours: 24,
  refreshMs: 30_000,
  tickMs: 5_000,
  defaultLimit: 100,
  maxLimit: 500,
} as const;

export const ALERTS_MESSAGES = {
  facesNoAccess: 'Entitlements error: Cannot access Faces service.',
  noAlerts: 'No elopement alerts in the last 24 hours.',
  pinRequired: 'Please enter your PIN to dismiss this alert.',
  wrongPin: 'That PIN does not belong to anyone in this building.',
  tooManyPins: 'Too many wrong PINs. Please wait 15 minutes and try again.',
  alreadyDismissed: 'This alert was already dismissed.',
} as const;

export const dismisserSchema = z.object({ uuid: z.string(), name: z.string(), email: z.string() });

/** An elopement alert (§3): a person flagged elopement_risk recognised at an exit camera. */
export const elopementAlertSchema = z.object({
  alert_id: uuidSchema,
  /** unix seconds */
  event_ts: z.number().int(),
  category: z.literal('elopement_alert'),
  runtime_face_uuid: uuidSchema,
  frontend_face_uuid: uuidSchema,
  person_name: z.string(),
  /** the person's, so a card shows a made-up name of their gender under the dummy face names flag */
  gender: z.enum(GENDERS).nullable(),
  description: z.string(),
  camera_uuid: uuidSchema,
  cameraDescription: z.string(),
  /** signed links to the face crop and the whole frame, cut from the recording at event_ts; null while no recording holds that moment */
  posterFrame: z.string().nullable(),
  fullFrame: z.string().nullable(),
  dismissed_at: isoUtcSchema.nullable(),
  dismissed_by_end_user_info: dismisserSchema.nullable(),
  /** face match on the alert frame: true confirmed, false wrong person, null not yet said */
  face_match: z.boolean().nullable(),
  not_a_face: z.boolean(),
  /** raised, acknowledged ("I'm on it": who, when, from which device) or dismissed */
  state: z.enum(ALERT_STATES),
  acknowledged_at: isoUtcSchema.nullable(),
  acknowledged_by_end_user_info: dismisserSchema.nullable(),
  /** the device it was acknowledged from ("Pixel 8"), null from a page */
  acknowledged_device: z.string().nullable(),
  /** the escalation tier told last (0: the first) */
  escalation_tier: z.number().int(),
  /** every step so far, oldest first */
  steps: z.array(alertStepSchema),
});
export type ElopementAlert = z.infer<typeof elopementAlertSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/v1/faces/alerts */
export const facesAlertsQuerySchema = z.object({
  domainUUID: uuidSchema,
  /** default: 24 hours ago */
  since: isoUtcSchema.optional(),
  before: isoUtcSchema.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ELOPEMENT.maxLimit).default(ELOPEMENT.defaultLimit),
  sort: z.enum(['ascending', 'descending']).default('ascending'),
  include_dismissed: booleanQuery.default(false),
});
export interface FacesAlertsQuery {
  domainUUID: string;
  since?: string;
  before?: string;
  offset?: number;
  limit?: number;
  sort?: 'ascending' | 'descending';
  include_dismissed?: boolean;
}
export const facesAlertsReplySchema = z.object({ ok: z.literal(true), alerts: z.array(elopementAlertSchema) });
export type FacesAlertsReply = z.infer<typeof facesAlertsReplySchema>;

/** POST /api/v1/faces/alerts/{id}/dismiss: userPIN is the keyed PIN hash (see pinDigest) or 'me'. */
export const dismissAlertParamsSchema = z.object({ id: uuidSchema });
export const dismissAlertBodySchema = z.object({
  userPIN: z.union([
    z.literal('me'),
    z.string().regex(/^[A-Za-z0-9+/]{43}=$/, "userPIN must be the base64 keyed hash of the PIN (44 characters) or 'me'"),
  ]),
});
export type DismissAlertBody = z.infer<typeof dismissAlertBodySchema>;
export const dismissAlertReplySchema = z.object({ ok: z.literal(true), alert: elopementAlertSchema });
/** POST /api/v1/faces/alerts/{id}/acknowledge: the alert as acknowledged (409 when it already was, or was dismissed). */
export const acknowledgeAlertReplySchema = z.object({ ok: z.literal(true), alert: elopementAlertSchema });

// Face match on an alert frame (§4): POST /api/v4/facematchconfirm, shared with the training tool (training.ts).
/** POST /api/v4/faceconfirm: is_face false marks the frame 'Not a Face'; true takes that back. */
export const faceConfirmBodySchema = z.object({ runtime_face_uuid: uuidSchema, is_face: z.boolean() });
export type FaceConfirmBody = z.infer<typeof faceConfirmBodySchema>;

// ---- display rules

/** Relative time as the alert list shows it, ticking every 5 s: 'just now', '12 seconds ago', '3 minutes ago', ... */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 0) return 'just now';
  if (seconds < 10) return 'just now';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

/** §9 alert dot colour graded over 24 hours: bright red when new, fading to grey at a day old. */
export function elopementAlertColour(eventMs: number, now: number): string {
  const age = Math.min(1, Math.max(0, (now - eventMs) / (ELOPEMENT.lookbackHours * 3_600_000)));
  const saturation = Math.round(85 * (1 - age));
  const lightness = Math.round(50 + 15 * age);
  return `hsl(0, ${saturation}%, ${lightness}%)`;
}

/** A face match must be at least this sure to raise an elopement alert (the recognizer's lower threshold, part 2 §9). */
export const ELOPEMENT_MIN_CONFIDENCE = 0.9;
/** The same person at the same exit raises one alert per this window, not one per frame (§9 rate limit 120 s). */
export const ELOPEMENT_REPEAT_MS = 120_000;

/**
 * The elopement rule: a face matched (at least ELOPEMENT_MIN_CONFIDENCE) to a person at elopement risk, seen at an
 * exit camera, raises an alert, unless the same person raised one at the same exit less than ELOPEMENT_REPEAT_MS
 * before (`previousAlertAt`, ms, or null when none).
 */
export function raisesElopementAlert(sighting: {
  personAtRisk: boolean;
  atExit: boolean;
  confidence: number;
  capturedAt: number;
  previousAlertAt: number | null;
  /** the camera's own rate limit (an onboarded camera's alerting), else ELOPEMENT_REPEAT_MS */
  repeatMs?: number;
}): boolean {
  if (!sighting.personAtRisk || !sighting.atExit || sighting.confidence < ELOPEMENT_MIN_CONFIDENCE) return false;
  return sighting.previousAlertAt === null || sighting.capturedAt - sighting.previousAlertAt >= (sighting.repeatMs ?? ELOPEMENT_REPEAT_MS);
}

/** The repeat window of a camera: its alerting's rate_limit (seconds, stored as JSON at onboarding), else the default. */
export function cameraAlertRepeatMs(alerting: string | null | undefined): number {
  try {
    const rateLimit = (JSON.parse(alerting ?? 'null') as { rate_limit?: unknown } | null)?.rate_limit;
    return typeof rateLimit === 'number' && Number.isFinite(rateLimit) && rateLimit >= 0 ? rateLimit * 1000 : ELOPEMENT_REPEAT_MS;
  } catch {
    return ELOPEMENT_REPEAT_MS;
  }
}
