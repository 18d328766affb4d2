import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.js';
import type { AlertDeliveryRow } from '../../db/schema.js';
import type { AlertStep } from '@vigil/contract';

/** A message to queue: one target of one channel, or a fan-out the dispatcher expands (channel 'fanout'). */
export interface NewDelivery {
  domain_uuid: string;
  alert_id: string | null;
  channel: 'fanout' | 'push' | 'mqtt' | 'webhook';
  target: string;
  step: AlertStep;
  tier: number | null;
  /** what the channel needs beyond the alert's facts (JSON; never a secret) */
  payload?: string | null;
}

/** How one try ended, to be written (DeliveryRepository.settleMany). */
export interface Settlement {
  id: string;
  outcome: {
    status: 'sent' | 'pending' | 'failed' | 'gone' | 'dropped';
    nextAt?: number;
    error?: string | null;
    code?: number | null;
  };
  attempt: { at: number; durationMs: number } | null;
}

/** The delivery queue's rows (migration 0022): claimed with a lease, so several servers share the work and each row goes once. */
export class DeliveryRepository {
  constructor(private readonly db: Db) {}

  async enqueue(db: Executor, rows: readonly NewDelivery[], now: number): Promise<string[]> {
    if (rows.length === 0) return [];
    const values = rows.map((r) => ({
      id: randomUUID(),
      domain_uuid: r.domain_uuid,
      alert_id: r.alert_id,
      channel: r.channel,
      target: r.target,
      step: r.step,
      tier: r.tier,
      payload: r.payload ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    }));
    // (one statement per 200 rows: a fan-out to many devices stays well under SQLite's variable limit)
    for (let i = 0; i < values.length; i += 200)
      await db
        .insertInto('alert_deliveries')
        .values(values.slice(i, i + 200))
        .execute();
    return values.map((v) => v.id);
  }

  /**
   * Claims up to `limit` due rows for `holder` until `until`: a row whose claim ran out (a server that died mid-send)
   * is due again. The conditional UPDATE decides, so two servers never claim the same row.
   */
  async claimDue(holder: string, now: number, until: number, limit: number): Promise<AlertDeliveryRow[]> {
    const due = await this.db
      .selectFrom('alert_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    if (due.length === 0) return [];
    return this.db
      .updateTable('alert_deliveries')
      .set({ claimed_until: until, claimed_by: holder })
      .where(
        'id',
        'in',
        due.map((d) => d.id),
      )
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .returningAll()
      .execute();
  }

  /** The moment the next pending row falls due (null: none), so the dispatcher sleeps until then. */
  async nextDue(): Promise<number | null> {
    const row = await this.db
      .selectFrom('alert_deliveries')
      .select((eb) => eb.fn.min<number | string | null>('next_attempt_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }

  /** Ends a try: sent, retried at `nextAt`, or given up ('failed', 'gone', 'dropped'), with its attempt logged. */
  async settle(id: string, holder: string, outcome: Settlement['outcome'], attempt: Settlement['attempt']): Promise<void> {
    await this.settleMany(holder, [{ id, outcome, attempt }]);
  }

  /** Ends several tries in one transaction (a turn's sends). Only rows this holder still claims are changed. */
  async settleMany(holder: string, settlements: readonly Settlement[]): Promise<void> {
    if (settlements.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const { id, outcome, attempt } of settlements)
        await trx
          .updateTable('alert_deliveries')
          .set((eb) => ({
            status: outcome.status,
            attempts: attempt ? eb('attempts', '+', 1) : eb.ref('attempts'),
            claimed_until: null,
            claimed_by: null,
            last_error: outcome.error ?? null,
            last_status: outcome.code ?? null,
            ...(outcome.nextAt !== undefined && { next_attempt_at: outcome.nextAt }),
            ...(outcome.status === 'sent' && attempt && { sent_at: attempt.at + attempt.durationMs }),
          }))
          .where('id', '=', id)
          .where('claimed_by', '=', holder)
          .execute();
      const tries = settlements.flatMap(({ id, outcome, attempt }) =>
        attempt
          ? [
              {
                id: randomUUID(),
                delivery_id: id,
                at: attempt.at,
                status_code: outcome.code ?? null,
                error: outcome.error ?? null,
                duration_ms: Math.max(0, Math.round(attempt.durationMs)),
              },
            ]
          : [],
      );
      for (let i = 0; i < tries.length; i += 200)
        await trx
          .insertInto('alert_delivery_attempts')
          .values(tries.slice(i, i + 200))
          .execute();
    });
  }

  /** A building's deliveries, newest first, with their tries (the delivery log). */
  async log(domain: string, limit: number, channel?: string) {
    const rows = await this.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('domain_uuid', '=', domain)
      .where('channel', '!=', 'fanout')
      .$if(channel !== undefined, (q) => q.where('channel', '=', channel!))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    const attempts =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('alert_delivery_attempts')
            .selectAll()
            .where(
              'delivery_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('at')
            .execute();
    return rows.map((r) => ({ ...r, tries: attempts.filter((a) => a.delivery_id === r.id) }));
  }

  /** Retention: finished deliveries (and their tries) older than `before`. How many went. */
  async deleteFinishedBefore(before: number): Promise<number> {
    const rows = await this.db
      .deleteFrom('alert_deliveries')
      .where('status', '!=', 'pending')
      .where('created_at', '<', before)
      .returning('id')
      .execute();
    return rows.length;
  }
}
