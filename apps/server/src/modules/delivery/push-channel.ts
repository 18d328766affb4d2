import { PUSH } from '@vigil/contract';
import type { Executor } from '../../db/database.js';
import type { AlertDeliveryRow, PushSubscriptionRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AlertFacts, DeliveryChannel, DeliveryOutcome, StepToDeliver } from './delivery.port.js';
import { endpointHost } from './push-endpoint.js';
import { acknowledgeToken, alertPushMessage, pushPicture, pushTopic } from './push-message.js';
import type { PushSender } from './push-sender.js';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import type { DeliveryRepository } from './delivery.repository.js';

/**
 * An exit's face comes first without its crop (the analyzer sends it at once and the pictures after it): a push sent
 * before the crop came is followed by a silent one with the picture, looked for this long after the step.
 */
export const PICTURE_FOLLOW_UP = { firstAfterMs: 250, everyMs: 500, untilMs: 3_000 } as const;
const FOLLOW_UP_PAYLOAD = JSON.stringify({ follow_up: 'picture' });

/** The user ids told at these tiers of a building's escalation (alerts' EscalationService.recipients). */
export type AlertRecipients = (db: Executor, domain: string, tiers: readonly number[]) => Promise<Set<string>>;

export interface PushChannelDeps {
  subscriptions: PushSubscriptionsRepository;
  /** the queue, for a push's picture that follows it */
  deliveries: Pick<DeliveryRepository, 'enqueue'>;
  db: Executor;
  sender: PushSender;
  /** the server secret: keys each notification's acknowledgement token */
  secret: Buffer;
  recipients: AlertRecipients;
  /** the tier an alert has told last (0: the first), undefined when it is gone; read in the fan-out's transaction */
  toldTier: (db: Executor, alertId: string) => Promise<number | undefined>;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Web Push as a delivery channel: a raised or escalated step goes to the live devices of the users its tier tells; an
 * acknowledgement or dismissal to the devices of everyone told so far, replacing their notification (same tag, silent).
 */
export class PushChannel implements DeliveryChannel {
  readonly name = 'push' as const;
  /** with the queue's back-off, the last try is about 4 minutes after the first: well within PUSH.ttlSeconds */
  readonly maxAttempts = 8;
  /** the notification's picture, made once per step's facts (every device of a step gets the same) */
  private readonly pictures = new WeakMap<AlertFacts, Promise<string | null>>();
  /** the building's live devices, read once per step's facts: a device signed out since its row was queued gets nothing */
  private readonly devices = new WeakMap<AlertFacts, Promise<Map<string, PushSubscriptionRow>>>();
  /** devices sent to meanwhile: their last_sent_at is written in one statement for all the sends in flight */
  private sentNow = new Set<string>();
  private sentWrite: Promise<void> | null = null;

  constructor(private readonly d: PushChannelDeps) {}

  async targets(db: Executor, step: StepToDeliver): Promise<{ target: string }[]> {
    let tiers: number[];
    if (step.tier !== null) tiers = [step.tier];
    else {
      const told = (await this.d.toldTier(db, step.alertId)) ?? 0;
      tiers = Array.from({ length: told + 1 }, (_, i) => i);
    }
    const users = await this.d.recipients(db, step.domain, tiers);
    const devices = await this.d.subscriptions.liveOf(db, step.domain, [...users], this.d.clock.now());
    return devices.map((device) => ({ target: device.id }));
  }

  async send(delivery: AlertDeliveryRow, facts: AlertFacts): Promise<DeliveryOutcome> {
    const now = this.d.clock.now();
    const urgent = facts.step === 'raised' || facts.step === 'escalated';
    const ageSeconds = Math.max(0, Math.floor((now - facts.stepAt) / 1000));
    if (urgent && ageSeconds >= PUSH.ttlSeconds) return { result: 'dropped', error: `older than ${PUSH.ttlSeconds} s` };
    let live = this.devices.get(facts);
    if (!live) {
      live = this.d.subscriptions.liveIn(facts.domain, now);
      this.devices.set(facts, live);
    }
    const device = (await live).get(delivery.target);
    if (!device) return { result: 'dropped', error: 'the device no longer receives alerts (signed out or turned off)' };

    let pictured = this.pictures.get(facts);
    if (!pictured) {
      pictured = facts.crop().then(pushPicture, () => null);
      this.pictures.set(facts, pictured);
    }
    const picture = await pictured;
    const followUp = delivery.payload === FOLLOW_UP_PAYLOAD;
    const waited = now - facts.stepAt;
    if (followUp && facts.state !== 'raised') return { result: 'dropped', error: 'a later step replaced the notification' };
    if (followUp && !picture)
      return waited < PICTURE_FOLLOW_UP.untilMs
        ? { result: 'retry', error: 'no picture yet', afterMs: PICTURE_FOLLOW_UP.everyMs }
        : { result: 'dropped', error: 'no picture came' };
    const token = acknowledgeToken(this.d.secret, device.id, facts.alertId);
    const { bytes } = alertPushMessage(facts, { subscriptionId: device.id, token }, picture, { silent: followUp });
    const result = await this.d.sender.send(device, bytes, {
      // an alert's push is worth nothing once the page would have shown it anyway
      ttlSeconds: urgent ? PUSH.ttlSeconds - ageSeconds : PUSH.ttlSeconds,
      topic: pushTopic(facts.alertId),
    });
    if (result.ok) {
      await this.markSent(device.id);
      if (urgent && !picture && !followUp && waited < PICTURE_FOLLOW_UP.untilMs) await this.followWithPicture(delivery);
      return { result: 'sent', code: result.status };
    }
    const host = endpointHost(device.endpoint);
    if (result.kind === 'network') return { result: 'retry', error: `${host}: ${result.error}` };
    if (result.kind === 'refused') {
      this.d.log.warn({ host, delivery: delivery.id }, 'an alert push was not sent: its endpoint is not on a public address');
      return { result: 'failed', error: result.error };
    }
    if (result.status === 404 || result.status === 410) {
      await this.d.subscriptions.delete(device.id);
      return { result: 'gone', error: `${host} no longer knows the device`, code: result.status };
    }
    if (result.status === 429 || result.status >= 500)
      return {
        result: 'retry',
        error: `${host}: ${result.error}`,
        code: result.status,
        ...(result.retryAfterMs !== null && { afterMs: result.retryAfterMs }),
      };
    this.d.log.warn({ host, status: result.status, delivery: delivery.id }, 'a push service refused an alert push');
    return { result: 'failed', error: `${host}: ${result.error}`, code: result.status };
  }

  /** Records a send: the sends in flight at once share one UPDATE (each waits for it). */
  private markSent(id: string): Promise<void> {
    this.sentNow.add(id);
    this.sentWrite ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const ids = [...this.sentNow];
      this.sentNow = new Set();
      this.sentWrite = null;
      return this.d.subscriptions.markSent(ids, this.d.clock.now());
    });
    return this.sentWrite;
  }

  /** Queues the same device's silent update with the picture, once the crop comes. */
  private async followWithPicture(delivery: AlertDeliveryRow): Promise<void> {
    const step = delivery.step as 'raised' | 'escalated';
    await this.d.deliveries.enqueue(
      this.d.db,
      [
        {
          domain_uuid: delivery.domain_uuid,
          alert_id: delivery.alert_id,
          channel: 'push',
          target: delivery.target,
          step,
          tier: delivery.tier,
          payload: FOLLOW_UP_PAYLOAD,
        },
      ],
      this.d.clock.now() + PICTURE_FOLLOW_UP.firstAfterMs,
    );
  }
}
