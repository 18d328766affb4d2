import { WEBHOOK, webhookUrlShown } from '@vigil/contract';
import type { Executor } from '../../db/database.js';
import type { AlertDeliveryRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AlertFacts, DeliveryChannel, DeliveryOutcome, StepToDeliver } from './delivery.port.js';
import { outboundAlert } from './outbound-alert.js';
import type { WebhookRepository } from './webhook.repository.js';
import { webhookSignature } from './webhook-signature.js';

export interface WebhookChannelDeps {
  webhooks: Pick<WebhookRepository, 'live' | 'byId'>;
  /** the signing secret of a webhook (sealed in its row) */
  openSecret(sealed: string): string;
  building(uuid: string): Promise<{ name: string } | undefined>;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

/** What a receiver answered, as the delivery log keeps it: the status and the start of its text, on one line. */
async function answerText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  const line = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return `HTTP ${response.status}${line ? `: ${line}` : ''}`;
}

/** Retry-After in ms (seconds or an HTTP date), when it is sensible; else the queue's own back-off. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header.trim()) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > WEBHOOK.maxRetryAfterSeconds) return undefined;
  return Math.max(1_000, Math.round(seconds * 1000));
}

/** A network failure in a line: undici's `fetch failed` says little, its cause says what (ECONNREFUSED, a TLS error). */
function networkError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `no answer within ${WEBHOOK.timeoutMs / 1000} s`;
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  const what = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
  return `network: ${what}`;
}

/**
 * Webhooks for nurse-call gateways: each step of an alert is POSTed as JSON to each of the building's webhooks, signed
 * with the webhook's own secret (X-Vigil-Signature: sha256=HMAC over "<timestamp>.<body>"), X-Vigil-Delivery naming the
 * delivery (the same on every retry). 2xx is sent; 429, 5xx, a timeout (5 s) or a network failure is tried again;
 * any other answer (a redirect, another 4xx, 410 included) fails that delivery for good and leaves the webhook in use:
 * only an operator removes one, so a gateway misconfigured for a while does not silently stop every later alert.
 */
export class WebhookChannel implements DeliveryChannel {
  readonly name = 'webhook' as const;
  readonly maxAttempts = WEBHOOK.maxAttempts;

  constructor(private readonly d: WebhookChannelDeps) {}

  async targets(db: Executor, step: StepToDeliver): Promise<{ target: string }[]> {
    return (await this.d.webhooks.live(step.domain, db)).map((w) => ({ target: w.id }));
  }

  async send(delivery: AlertDeliveryRow, facts: AlertFacts): Promise<DeliveryOutcome> {
    const webhook = await this.d.webhooks.byId(delivery.target);
    if (!webhook || webhook.removed_at !== null) return { result: 'dropped', error: 'the webhook was removed' };
    const building = await this.d.building(facts.domain);
    const body = JSON.stringify(outboundAlert(facts, delivery.id, building?.name ?? ''));
    const timestamp = Math.floor(this.d.clock.now() / 1000);
    const shown = webhookUrlShown(webhook.url);
    let response: Response;
    try {
      response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vigil-Webhooks/1',
          [WEBHOOK.headers.event]: facts.step,
          [WEBHOOK.headers.delivery]: delivery.id,
          [WEBHOOK.headers.timestamp]: String(timestamp),
          [WEBHOOK.headers.signature]: webhookSignature(this.d.openSecret(webhook.secret), timestamp, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK.timeoutMs),
      });
    } catch (err) {
      return { result: 'retry', error: networkError(err) };
    }
    const code = response.status;
    if (code >= 200 && code < 300) {
      await response.body?.cancel().catch(() => undefined);
      return { result: 'sent', code };
    }
    const error = await answerText(response);
    if (code === 429) {
      const afterMs = retryAfterMs(response.headers.get('retry-after'), this.d.clock.now());
      return { result: 'retry', error, code, ...(afterMs !== undefined && { afterMs }) };
    }
    if (code >= 500) return { result: 'retry', error, code };
    this.d.log.warn({ webhook: webhook.id, url: shown, status: code }, 'a webhook refused an alert: not tried again');
    return { result: 'failed', error: code >= 300 && code < 400 ? `${error} (redirects are not followed)` : error, code };
  }
}
