import { randomUUID } from 'node:crypto';
import type { AlertStep } from '@vigil/contract';
import type { Db, Executor } from '../../db/database.js';
import type { AlertDeliveryRow } from '../../db/schema.js';
import { BackgroundLoop } from '../../lib/background-loop.js';
import type { Clock } from '../../lib/clock.js';
import type { AlertFacts, AlertFactsLookup, DeliveryChannel, DeliveryOutcome, StepToDeliver } from './delivery.port.js';
import type { DeliveryRepository, NewDelivery, Settlement } from './delivery.repository.js';

/** Waits before the n-th retry (ms): quick at first (a push service's hiccup), then spaced out. */
export const RETRY_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000] as const;
export const retryDelayMs = (attempts: number): number => RETRY_BACKOFF_MS[Math.min(attempts, RETRY_BACKOFF_MS.length) - 1] ?? 1_000;

/** How long a claimed row is this server's before another may take it (a send that hangs longer is tried again). */
const CLAIM_MS = 30_000;
/** The queue is looked at this often even when nothing woke it (another server's rows, retries falling due). */
const POLL_MS = 1_000;
/** Rows claimed per turn, and sends in flight at once. */
const BATCH = 256;
const CONCURRENCY = 64;

export interface DeliveryDeps {
  db: Db;
  deliveries: DeliveryRepository;
  channels: readonly DeliveryChannel[];
  facts: AlertFactsLookup;
  clock: Clock;
  log: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** names this server in its claims */
  holder?: string;
}

/**
 * The delivery queue: an alert's step is queued in the transaction that makes it (a fan-out row), and a dispatcher
 * expands it into one row per target (each device, the broker, each webhook) and sends them, retrying with back-off.
 * Rows are claimed with a lease: several servers share the queue, a server that dies mid-send costs a retry, and
 * nothing queued is lost. Ingest only inserts a row; nothing it waits for talks to the network.
 */
export class DeliveryService {
  private readonly holder: string;
  private readonly loop: BackgroundLoop;

  constructor(private readonly d: DeliveryDeps) {
    this.holder = d.holder ?? `server-${randomUUID().slice(0, 8)}`;
    this.loop = new BackgroundLoop(
      async () => {
        await this.runDue();
        return POLL_MS;
      },
      { onError: (err) => this.d.log.warn({ err }, 'the delivery queue failed a turn'), errorWaitMs: POLL_MS },
    );
  }

  /** Queues one step of alerts for every channel, in the caller's transaction (ingest's, an acknowledgement's, …). */
  async announce(db: Executor, domain: string, alertIds: readonly string[], step: AlertStep, tier: number | null): Promise<void> {
    if (alertIds.length === 0 || this.d.channels.length === 0) return;
    const rows: NewDelivery[] = alertIds.map((alertId) => ({
      domain_uuid: domain,
      alert_id: alertId,
      channel: 'fanout',
      target: step,
      step,
      tier,
    }));
    await this.d.deliveries.enqueue(db, rows, this.d.clock.now());
  }

  /** After a commit that queued something: look at the queue now, not at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass over what is due now (tests call it with their clock; the dispatcher calls it in a loop). */
  async runDue(): Promise<{ sent: number; retried: number; failed: number }> {
    const counts = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const now = this.d.clock.now();
      const rows = await this.d.deliveries.claimDue(this.holder, now, now + CLAIM_MS, BATCH);
      if (rows.length === 0) return counts;
      const fanouts = rows.filter((r) => r.channel === 'fanout');
      const sends = rows.filter((r) => r.channel !== 'fanout');
      for (const row of fanouts) await this.expand(row);
      const facts = new Map<string, Promise<AlertFacts | undefined>>();
      const factsOf = (row: AlertDeliveryRow) => {
        const key = `${row.alert_id}|${row.step}|${row.tier}`;
        if (!facts.has(key))
          facts.set(key, row.alert_id ? this.d.facts(row.alert_id, row.step as AlertStep, row.tier) : Promise.resolve(undefined));
        return facts.get(key)!;
      };
      let next = 0;
      const settlements: Settlement[] = [];
      const worker = async () => {
        while (next < sends.length) {
          const row = sends[next++]!;
          const { kind, settlement } = await this.sendOne(row, factsOf);
          settlements.push(settlement);
          counts[kind]++;
        }
      };
      // The turn's outcomes are written together, in one transaction: 200 devices' sends do not wait on 200 commits.
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, sends.length) }, worker));
      await this.d.deliveries.settleMany(this.holder, settlements);
    }
  }

  private async expand(row: AlertDeliveryRow): Promise<void> {
    const step: StepToDeliver = { domain: row.domain_uuid, alertId: row.alert_id!, step: row.step as AlertStep, tier: row.tier };
    try {
      await this.d.db.transaction().execute(async (trx) => {
        const rows: NewDelivery[] = [];
        for (const channel of this.d.channels)
          for (const t of await channel.targets(trx, step))
            rows.push({
              domain_uuid: row.domain_uuid,
              alert_id: row.alert_id,
              channel: channel.name,
              target: t.target,
              step: step.step,
              tier: row.tier,
              payload: t.payload ?? null,
            });
        await this.d.deliveries.enqueue(trx, rows, this.d.clock.now());
      });
      await this.d.deliveries.settle(row.id, this.holder, { status: 'sent' }, null);
    } catch (err) {
      this.d.log.warn({ err, delivery: row.id }, 'expanding an alert delivery failed');
      await this.d.deliveries.settle(
        row.id,
        this.holder,
        { status: 'pending', nextAt: this.d.clock.now() + 1_000, error: String(err) },
        null,
      );
    }
  }

  private async sendOne(row: AlertDeliveryRow, factsOf: (row: AlertDeliveryRow) => Promise<AlertFacts | undefined>) {
    const channel = this.d.channels.find((c) => c.name === row.channel);
    const at = this.d.clock.now();
    let outcome: DeliveryOutcome;
    const facts = await factsOf(row).catch(() => undefined);
    if (!channel) outcome = { result: 'dropped', error: `no ${row.channel} channel on this server` };
    else if (!facts) outcome = { result: 'dropped', error: 'the alert is no more' };
    else if (!facts.sendable) outcome = { result: 'dropped', error: 'the alert may not be told (erased, or no consent)' };
    else {
      try {
        outcome = await channel.send(row, facts);
      } catch (err) {
        outcome = { result: 'retry', error: err instanceof Error ? err.message : String(err) };
      }
    }
    const durationMs = this.d.clock.now() - at;
    const tried = outcome.result !== 'dropped' || channel !== undefined;
    const attempt = tried ? { at, durationMs } : null;
    const code = 'code' in outcome ? (outcome.code ?? null) : null;
    const error = 'error' in outcome ? outcome.error.slice(0, 500) : null;
    if (outcome.result === 'sent')
      return { kind: 'sent' as const, settlement: { id: row.id, outcome: { status: 'sent' as const, code }, attempt } };
    if (outcome.result === 'retry' && row.attempts + 1 < (channel?.maxAttempts ?? 1)) {
      const wait = outcome.afterMs ?? retryDelayMs(row.attempts + 1);
      return {
        kind: 'retried' as const,
        settlement: { id: row.id, outcome: { status: 'pending' as const, nextAt: this.d.clock.now() + wait, error, code }, attempt },
      };
    }
    const status = outcome.result === 'retry' ? 'failed' : outcome.result;
    if (status === 'failed') this.d.log.warn({ delivery: row.id, channel: row.channel, error }, 'an alert delivery failed for good');
    return { kind: 'failed' as const, settlement: { id: row.id, outcome: { status, error, code }, attempt } };
  }
}
