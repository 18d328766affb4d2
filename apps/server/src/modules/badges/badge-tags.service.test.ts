import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import { MAPLE } from '../../../test/harness.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { createBadgesFixture, doorFace, exitTap, type BadgesFixture } from './badges.fixture.js';

// Tags saved at once for the same badge identity (issue 36: two requests, or two staff on one badge): each save
// recounts the identity's verified matches and moves its tap verdicts. On PostgreSQL the saves run side by side; the
// identity's counters must still equal a recount of its rows. SQLite runs one write transaction at a time anyway.

let ctx: ServiceContext;
let b: BadgesFixture;
let manager: Principal;
const HOLDER = { id: 'RACE-HOLDER-0001', name: 'RITA RACE', unit: '8' };
const TAPS = 8;
const T0 = Date.now() - 60 * 60_000;
const faces = Array.from({ length: TAPS }, () => [randomUUID(), randomUUID()] as const);
const tapUuids: string[] = [];

beforeAll(async () => {
  ctx = await createServiceContext();
  b = await createBadgesFixture(ctx);
  manager = await ctx.principal('manager@maple.example');
  // Each tap has two faces at the door, two minutes apart from the next tap.
  await b.sendFaces(
    faces.flatMap(([f1, f2], i) => [doorFace(f1, T0 + i * 120_000 + 1_000, 9), doorFace(f2, T0 + i * 120_000 + 2_000, 9, 0.1)]),
  );
  await b.sendTaps(Array.from({ length: TAPS }, (_, i) => exitTap(`race-${i}`, T0 + i * 120_000, HOLDER, 'race-card')));
  await b.evaluator.evaluateDue();
  const rows = await ctx.database.db.selectFrom('access_events').select(['uuid', 'source_id']).execute();
  for (let i = 0; i < TAPS; i++) tapUuids.push(rows.find((r) => r.source_id === `race-${i}`)!.uuid);
});
afterAll(() => ctx.close());

/** The identity's stored counters next to what its rows say. */
async function countersAndRecount() {
  const db = ctx.database.db;
  const identity = await db
    .selectFrom('badge_identities')
    .select(['uuid', 'tags', 'matched', 'null_matched', 'taps', 'last_verified_at'])
    .where('identity_id', '=', HOLDER.id)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ tags: string; last: string | null }>`
    select (select count(*) from badge_tags where identity_uuid = ${identity.uuid} and rejected = 0) as tags,
           (select max(verified_at) from badge_tags where identity_uuid = ${identity.uuid}) as last`.execute(db);
  const taps = await db.selectFrom('access_events').select(['matched', 'faces']).where('identity_uuid', '=', identity.uuid).execute();
  return {
    stored: {
      tags: Number(identity.tags),
      matched: Number(identity.matched),
      null_matched: Number(identity.null_matched),
      taps: Number(identity.taps),
      last_verified_at: identity.last_verified_at === null ? null : Number(identity.last_verified_at),
    },
    recount: {
      tags: Number(rows[0]!.tags),
      matched: taps.filter((t) => t.matched === 1).length,
      null_matched: taps.filter((t) => t.faces === 0).length,
      taps: taps.length,
      last_verified_at: rows[0]!.last === null ? null : Number(rows[0]!.last),
    },
  };
}

const confirm = (tap: number, face: number, rejected = false) =>
  b.tags.saveTags(manager, MAPLE, [
    {
      access_event_uuid: tapUuids[tap]!,
      detection_id: faces[tap]![face]!,
      identity_id: HOLDER.id,
      rejected,
      ...(rejected && { rejected_for: 'WRONG_PERSON' as const }),
    },
  ]);

it('saves at once for one identity leave its counters equal to a recount', async () => {
  // Every tap's two faces confirmed, each face by its own save, all at once (two saves per tap meet on the tap too).
  const saves = faces.flatMap((_, tap) => [confirm(tap, 0), confirm(tap, 1)]);
  expect((await Promise.all(saves)).every((r) => r.saved === 1)).toBe(true);
  const first = await countersAndRecount();
  expect(first.recount).toMatchObject({ tags: TAPS * 2, matched: TAPS, taps: TAPS });
  expect(first.stored).toEqual(first.recount);

  // Half of them rejected again, at once.
  await Promise.all(faces.flatMap((_, tap) => (tap % 2 === 0 ? [confirm(tap, 0, true), confirm(tap, 1, true)] : [])));
  const second = await countersAndRecount();
  expect(second.recount).toMatchObject({ tags: TAPS, taps: TAPS });
  expect(second.stored).toEqual(second.recount);
});
