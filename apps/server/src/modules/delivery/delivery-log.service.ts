import {
  ALERT_STEPS,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  webhookUrlShown,
  type DeliveryLogEntry,
  type DeliveryLogQuery,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { DeliveryRepository } from './delivery.repository.js';
import type { WebhookRepository } from './webhook.repository.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * The delivery log: a building's deliveries (push, MQTT, webhooks), newest first, each with its tries (when, what the
 * far end answered, the error, how long it took). A webhook is named by its address without the query string and its
 * description; the broker by its address; a device by its subscription's id. Never a secret.
 */
export class DeliveryLogService {
  constructor(
    private readonly d: {
      deliveries: Pick<DeliveryRepository, 'log'>;
      webhooks: Pick<WebhookRepository, 'many'>;
      /** the broker's address (no credentials), null without MQTT */
      broker: string | null;
    },
  ) {}

  /** GET /api/v1/alerts/deliveries (alerting/edit in the building). */
  async list(principal: Principal, q: DeliveryLogQuery): Promise<{ ok: true; deliveries: DeliveryLogEntry[] }> {
    requireEntitlement(principal, q.domain_uuid, 'alerting', 'edit');
    return { ok: true, deliveries: await this.entries(q.domain_uuid, q.channel, q.limit) };
  }

  /** The log without a permission check (the CLI, run on the server by an operator). */
  async entries(domain: string, channel: DeliveryLogQuery['channel'], limit: number): Promise<DeliveryLogEntry[]> {
    const rows = await this.d.deliveries.log(domain, limit, channel);
    const webhooks = new Map(
      (await this.d.webhooks.many([...new Set(rows.filter((r) => r.channel === 'webhook').map((r) => r.target))])).map((w) => [w.id, w]),
    );
    const label = (channelName: string, target: string): string | null => {
      if (channelName === 'mqtt') return this.d.broker;
      if (channelName !== 'webhook') return null;
      const webhook = webhooks.get(target);
      if (!webhook) return null;
      return `${webhookUrlShown(webhook.url)}${webhook.description ? ` (${webhook.description})` : ''}`;
    };
    return rows.map((r) => ({
      id: r.id,
      channel: oneOf(DELIVERY_CHANNELS, r.channel, 'webhook'),
      target: r.target,
      target_label: label(r.channel, r.target),
      alert_id: r.alert_id,
      step: oneOf(ALERT_STEPS, r.step, 'raised'),
      tier: r.tier,
      status: oneOf(DELIVERY_STATUSES, r.status, 'failed'),
      attempts: r.attempts,
      last_status: r.last_status,
      last_error: r.last_error,
      created_at: iso(r.created_at)!,
      sent_at: iso(r.sent_at),
      next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
      tries: r.tries.map((t) => ({ at: iso(t.at)!, status_code: t.status_code, error: t.error, duration_ms: t.duration_ms })),
    }));
  }
}
