import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { AlertDeliveryRow } from '../../db/schema.js';
import { MAPLE } from '../../../test/harness.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import type { AlertFacts, DeliveryChannel, DeliveryOutcome } from './delivery.port.js';
import { DeliveryService, RETRY_BACKOFF_MS } from './delivery.service.js';

// The delivery queue (issue 37): what a step queues in its transaction is expanded into one row per target, sent,
// retried with back-off, logged try by try, and sent once even when two servers work the queue at the same time. The
// channel here is the queue's collaborator seen from the queue (the real push, MQTT and webhook channels have tests
// of their own, against real receivers).

let ctx: ServiceContext;
beforeAll(async () => {
  ctx = await createServiceContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.deleteFrom('alert_deliveries').execute();
});

/** A channel that answers what the test says, target by target, and remembers what it was asked to send. */
function channel(answers: (row: AlertDeliveryRow) => DeliveryOutcome, targets = ['a', 'b']) {
  const sent: AlertDeliveryRow[] = [];
  const c: DeliveryChannel = {
    name: 'webhook',
    maxAttempts: 3,
    targets: () => Promise.resolve(targets.map((target) => ({ target }))),
    send: async (row) => {
      sent.push(row);
      // a turn of the event loop: two dispatchers interleave as two servers would
      await new Promise((r) => setImmediate(r));
      return answers(row);
    },
  };
  return { c, sent };
}

const facts =
  (sendable = true) =>
  async (alertId: string): Promise<AlertFacts> => ({
    alertId,
    domain: MAPLE,
    step: 'raised',
    tier: 0,
    tierName: null,
    person: { uuid: randomUUID(), name: 'Test Person' },
    exit: { uuid: randomUUID(), name: 'Front door' },
    seenAt: ctx.clock.now(),
    stepAt: ctx.clock.now(),
    state: 'raised',
    acknowledgedBy: null,
    dismissedBy: null,
    sendable,
    crop: () => Promise.resolve(null),
  });

const queue = (c: DeliveryChannel, sendable = true, holder?: string) =>
  new DeliveryService({
    db: ctx.database.db,
    deliveries: ctx.repos.deliveries,
    channels: [c],
    facts: facts(sendable),
    clock: ctx.clock,
    log: { warn: () => undefined },
    ...(holder && { holder }),
  });

const rows = () => ctx.database.db.selectFrom('alert_deliveries').selectAll().where('channel', '!=', 'fanout').orderBy('target').execute();

it('queues a step in the caller’s transaction: a rolled-back step queues nothing', async () => {
  const { c } = channel(() => ({ result: 'sent' }));
  const q = queue(c);
  await expect(
    ctx.database.db.transaction().execute(async (trx) => {
      await q.announce(trx, MAPLE, [randomUUID()], 'raised', 0);
      throw new Error('the step failed');
    }),
  ).rejects.toThrow('the step failed');
  expect(await ctx.database.db.selectFrom('alert_deliveries').selectAll().execute()).toEqual([]);
});

it('expands a step into one delivery per target and sends each once', async () => {
  const { c, sent } = channel(() => ({ result: 'sent', code: 202 }));
  const q = queue(c);
  const alert = randomUUID();
  await q.announce(ctx.database.db, MAPLE, [alert], 'raised', 0);
  expect(await q.runDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
  expect(sent.map((r) => r.target).sort()).toEqual(['a', 'b']);
  const done = await rows();
  expect(done.map((r) => [r.target, r.status, r.attempts, r.alert_id, r.step, r.tier])).toEqual([
    ['a', 'sent', 1, alert, 'raised', 0],
    ['b', 'sent', 1, alert, 'raised', 0],
  ]);
  expect(await q.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
});

it('retries with back-off, logs every try, and fails for good after the channel’s tries', async () => {
  const { c, sent } = channel(() => ({ result: 'retry', error: 'HTTP 500', code: 500 }), ['only']);
  const q = queue(c);
  await q.announce(ctx.database.db, MAPLE, [randomUUID()], 'raised', 0);
  expect(await q.runDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
  // not due again before its back-off (the test clock is real time, moved on by hand)
  expect(await q.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
  ctx.clock.advance(RETRY_BACKOFF_MS[0]);
  expect(await q.runDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
  ctx.clock.advance(RETRY_BACKOFF_MS[1]);
  expect(await q.runDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
  expect(sent).toHaveLength(3);
  const [row] = await rows();
  expect([row!.status, row!.attempts, row!.last_status, row!.last_error]).toEqual(['failed', 3, 500, 'HTTP 500']);
  const log = await ctx.repos.deliveries.log(MAPLE, 10);
  expect(log[0]!.tries.map((t) => t.status_code)).toEqual([500, 500, 500]);
});

it('sends nothing about an alert that may not be told (erased, or without consent): its deliveries are dropped', async () => {
  const { c, sent } = channel(() => ({ result: 'sent' }));
  const q = queue(c, false);
  await q.announce(ctx.database.db, MAPLE, [randomUUID()], 'raised', 0);
  await q.runDue();
  expect(sent).toEqual([]);
  expect((await rows()).map((r) => r.status)).toEqual(['dropped', 'dropped']);
});

it('two servers working the queue at once send each delivery once', async () => {
  const targets = Array.from({ length: 40 }, (_, i) => `t${String(i).padStart(2, '0')}`);
  const one = channel(() => ({ result: 'sent' }), targets);
  const two = channel(() => ({ result: 'sent' }), targets);
  const first = queue(one.c, true, 'server-one');
  const second = queue(two.c, true, 'server-two');
  await first.announce(ctx.database.db, MAPLE, [randomUUID(), randomUUID()], 'raised', 0);
  await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
  const ids = [...one.sent, ...two.sent].map((r) => r.id);
  expect(ids).toHaveLength(80);
  expect(new Set(ids).size).toBe(80);
  expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
});
