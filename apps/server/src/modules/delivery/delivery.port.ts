import type { AlertStep } from '@vigil/contract';
import type { AlertDeliveryRow } from '../../db/schema.js';
import type { Executor } from '../../db/database.js';

/** One step of one alert to deliver: what the queue's fan-out expands into each channel's targets. */
export interface StepToDeliver {
  domain: string;
  alertId: string;
  step: AlertStep;
  /** the tier told (raised: 0, escalated: the new tier); null for acknowledged and dismissed (everyone told hears) */
  tier: number | null;
}

/** What every channel says about an alert's step, read once per step when its deliveries are sent. */
export interface AlertFacts {
  alertId: string;
  domain: string;
  step: AlertStep;
  tier: number | null;
  tierName: string | null;
  /** null once the person was erased */
  person: { uuid: string; name: string } | null;
  exit: { uuid: string; name: string };
  /** when the face was seen (ms) */
  seenAt: number;
  /** when this step happened (ms) */
  stepAt: number;
  state: 'raised' | 'acknowledged' | 'dismissed';
  acknowledgedBy: string | null;
  dismissedBy: string | null;
  /**
   * Whether anything may be sent about it: false for an erased person or one the building may no longer recognise for
   * alerts (its consent rule), and then nothing is.
   */
  sendable: boolean;
  /** the face's crop as kept (JPEG), null while there is none */
  crop(): Promise<Buffer | null>;
}

export type DeliveryOutcome =
  | { result: 'sent'; code?: number }
  /** try again later (after the queue's back-off, or `afterMs`) */
  | { result: 'retry'; error: string; code?: number; afterMs?: number }
  /** the target is no more (a push subscription the push service forgot): the channel has ended it */
  | { result: 'gone'; error: string; code?: number }
  /** the far end refused this message for good (a webhook's 4xx): no retry, the target stays */
  | { result: 'failed'; error: string; code?: number }
  /** nothing to send any more (too late, or the alert may not be told) */
  | { result: 'dropped'; error: string };

/** A way alerts leave the server: Web Push, MQTT, webhooks. */
export interface DeliveryChannel {
  readonly name: 'push' | 'mqtt' | 'webhook';
  /** How many tries before a delivery fails for good. */
  readonly maxAttempts: number;
  /** The targets one step goes to: one delivery row each (read in the fan-out's transaction). */
  targets(db: Executor, step: StepToDeliver): Promise<{ target: string; payload?: string | null }[]>;
  /** Sends one delivery. Never throws for the far end's faults: it answers retry, gone or dropped. */
  send(delivery: AlertDeliveryRow, facts: AlertFacts): Promise<DeliveryOutcome>;
}

/** Reads an alert's facts at a step (alerts owns them). Undefined when the alert is gone (retention, erasure's deletion). */
export type AlertFactsLookup = (alertId: string, step: AlertStep, tier: number | null) => Promise<AlertFacts | undefined>;
