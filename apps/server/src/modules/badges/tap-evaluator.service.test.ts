import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import { MAPLE } from '../../../test/harness.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { createBadgesFixture, doorFace, exitTap, type BadgesFixture } from './badges.fixture.js';

// Reading the badge pages does no evaluation (issue 36: a key could send 5,000 old taps and every list read evaluated
// them inside the request). Taps are looked at by the background evaluator only; reads show what it stored.

let ctx: ServiceContext;
let b: BadgesFixture;
let manager: Principal;
const ANNA = { id: 'EVAL-ANNA-000001', name: 'ANNA EVAL', unit: '4' };
const T0 = Date.now() - 30 * 60_000;

beforeAll(async () => {
  ctx = await createServiceContext();
  b = await createBadgesFixture(ctx);
  manager = await ctx.principal('manager@maple.example');
  await b.sendFaces([doorFace(randomUUID(), T0 + 1_000, 5)]);
  expect(await b.sendTaps([exitTap('eval-1', T0, ANNA, 'eval-card-1'), exitTap('eval-2', T0 + 60_000, ANNA, 'eval-card-1')])).toMatchObject(
    {
      accepted: 2,
    },
  );
});
afterAll(() => ctx.close());

const evaluated = async () =>
  (await ctx.database.db.selectFrom('access_events').select(['source_id', 'evaluated_at']).orderBy('source_id').execute()).map((r) => [
    r.source_id,
    r.evaluated_at !== null,
  ]);

it('reads of the list, a badge, its score and the reports leave due taps to the evaluator', async () => {
  const { identities } = await b.badges.list(manager, MAPLE);
  expect(identities.find((i) => i.identityId === ANNA.id)).toMatchObject({ total: 2, nullMatched: 0, matched: 0 });
  const { events } = await b.badges.accessEvents(manager, MAPLE, ANNA.id, { limit: 10, view: 'all' });
  expect(events).toHaveLength(2);
  await b.badges.score(manager, MAPLE, ANNA.id);
  await b.reports.report(manager, { domain_uuid: MAPLE, format: 'json' });
  await b.reports.report(manager, { domain_uuid: MAPLE, identity_id: ANNA.id, format: 'json' });
  expect(await evaluated()).toEqual([
    ['eval-1', false],
    ['eval-2', false],
  ]);
});

it('the evaluator looks at them, and the list then shows its verdicts', async () => {
  expect(await b.evaluator.evaluateDue()).toBe(2);
  expect(await evaluated()).toEqual([
    ['eval-1', true],
    ['eval-2', true],
  ]);
  // The second tap had nobody at the door.
  const { identities } = await b.badges.list(manager, MAPLE);
  expect(identities.find((i) => i.identityId === ANNA.id)).toMatchObject({ total: 2, nullMatched: 1, matched: 0 });
  expect(await b.evaluator.evaluateDue()).toBe(0);
});
