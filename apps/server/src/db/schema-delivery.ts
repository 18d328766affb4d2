import type { Selectable } from 'kysely';

/** An elopement alert's step (migration 0022): raised, escalated, acknowledged or dismissed. */
export interface ElopementAlertStepTable {
  id: string;
  alert_id: string;
  domain_uuid: string;
  step: string;
  at: number;
  /** the tier told (raised, escalated) */
  tier: number | null;
  /** who acknowledged or dismissed */
  user_id: string | null;
  /** the device it was done from (a push subscription's label), null for a page */
  device_label: string | null;
  /** JSON: what else the step needs to say (no secrets, no biometric data) */
  detail: string | null;
}

/** tiers: JSON of the contract's escalation tiers. */
export interface AlertEscalationTable {
  domain_uuid: string;
  delay_seconds: number;
  tiers: string;
  updated_at: number;
  updated_by: string | null;
}

export interface PushSubscriptionTable {
  id: string;
  user_id: string;
  domain_uuid: string;
  session_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_label: string;
  created_at: number;
  last_sent_at: number | null;
}

export interface WebhookTable {
  id: string;
  domain_uuid: string;
  url: string;
  /** encrypted under the server's secret */
  secret: string;
  description: string;
  created_at: number;
  removed_at: number | null;
}

export interface AlertDeliveryTable {
  id: string;
  domain_uuid: string;
  alert_id: string | null;
  channel: string;
  target: string;
  step: string;
  tier: number | null;
  payload: string | null;
  status: string;
  attempts: number;
  next_attempt_at: number;
  claimed_until: number | null;
  claimed_by: string | null;
  last_error: string | null;
  last_status: number | null;
  created_at: number;
  sent_at: number | null;
}

export interface AlertDeliveryAttemptTable {
  id: string;
  delivery_id: string;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export type ElopementAlertStepRow = Selectable<ElopementAlertStepTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionTable>;
export type WebhookRow = Selectable<WebhookTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveryTable>;
