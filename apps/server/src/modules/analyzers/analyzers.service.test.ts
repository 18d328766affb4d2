import { ANALYZER } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE } from '../../../test/harness.js';
import { BIRCH_CAMERAS, MAPLE_CAMERAS } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { HttpError } from '../../lib/http-error.js';
import type { KeyHolder } from '../ingest/detectors.service.js';
import type { AnalyzersService } from './analyzers.service.js';

// How the analyzers' heartbeat shares a building's cameras out by expiring leases, on the service itself (what only HTTP
// shows, the status codes, bodies refused and keys: analyzers.test.ts).
const HALLWAY = MAPLE_CAMERAS[2]!;
// Equal capacities: fair shares go by analyzer id, so A (first) gets ceil(7/2) = 4 of Maple's 7 and B gets 3.
const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const LEASE_MS = ANALYZER.leaseSeconds * 1000;

type HeartbeatBody = Parameters<AnalyzersService['heartbeat']>[1];

/** A building key issued as a manager would, and the holder the server makes of it for a request. */
const buildingKey = async (ctx: ServiceContext, domain: string, name: string): Promise<KeyHolder> => {
  const manager = await ctx.principal('manager@maple.example');
  const { key } = await ctx.detectors.issue(domain, name, ['analyzer'], manager.user.id);
  const holder = await ctx.detectors.authenticate(key);
  if (!holder) throw new Error(`the key ${name} was not found`);
  return holder;
};
const body = (overrides: Partial<HeartbeatBody> & { analyzer_id: string }): HeartbeatBody => ({
  name: `analyzer ${overrides.analyzer_id.slice(0, 1)}`,
  capacity: 16,
  cameras: [],
  ...overrides,
});
/** The cameras an analyzer holds after a heartbeat, sorted. */
const beat = async (ctx: ServiceContext, holder: KeyHolder, overrides: Partial<HeartbeatBody> & { analyzer_id: string }) => {
  const reply = await ctx.analyzers.heartbeat(holder, body(overrides));
  return { ...reply, cameras: reply.assignments.map((a) => a.camera_uuid).sort() };
};
const leaseRows = (ctx: ServiceContext) => ctx.database.db.selectFrom('analyzer_leases').selectAll().execute();

describe('cameras shared out by leases', () => {
  let ctx: ServiceContext;
  let key: KeyHolder;
  beforeAll(async () => {
    ctx = await createServiceContext();
    key = await buildingKey(ctx, MAPLE, 'analyzers');
  });
  afterAll(() => ctx.close());

  it("gives one analyzer all of its building's cameras, then shares them fairly with a second", async () => {
    const first = await beat(ctx, key, { analyzer_id: A });
    expect(first).toMatchObject({ ok: true, lease_seconds: ANALYZER.leaseSeconds, heartbeat_seconds: ANALYZER.heartbeatSeconds });
    expect(first.cameras).toEqual(MAPLE_CAMERAS);
    expect(first.assignments.filter((a) => BIRCH_CAMERAS.includes(a.camera_uuid))).toEqual([]);
    for (const a of first.assignments) {
      expect(a.domain_uuid).toBe(MAPLE);
      expect(a.live_url).toMatch(new RegExp(`^/media/analyzer/[0-9a-f-]{36}\\.[\\w-]{32}/${a.camera_uuid}/index\\.m3u8$`));
      expect(Date.parse(a.lease_expires_at)).toBeGreaterThan(ctx.clock.now());
    }
    expect(first.assignments.find((a) => a.camera_uuid === MAPLE_CAMERAS[0])).toMatchObject({
      description: 'Front Entrance Outdoor',
      is_exit: true,
    });
    expect(new Set(first.assignments.map((a) => a.live_url.split('/')[3])).size).toBe(7);

    // B arrives: everything is held by A, so B waits for A to let go of its extra cameras.
    expect((await beat(ctx, key, { analyzer_id: B })).cameras).toEqual([]);
    const a2 = await beat(ctx, key, { analyzer_id: A });
    expect(a2.cameras).toEqual(MAPLE_CAMERAS.slice(0, 4));
    // A kept lease keeps its live URL.
    expect(a2.assignments.map((a) => a.live_url)).toEqual(
      first.assignments.filter((a) => a2.cameras.includes(a.camera_uuid)).map((a) => a.live_url),
    );
    const b2 = await beat(ctx, key, { analyzer_id: B });
    expect(b2.cameras).toEqual(MAPLE_CAMERAS.slice(4));
    expect(a2.cameras.filter((c) => b2.cameras.includes(c))).toEqual([]);
    expect([...a2.cameras, ...b2.cameras].sort()).toEqual(MAPLE_CAMERAS);

    // Further heartbeats change nothing, and the database agrees: each camera held once, by the one it was given to.
    const a3 = await beat(ctx, key, { analyzer_id: A });
    const b3 = await beat(ctx, key, { analyzer_id: B });
    expect([a3.cameras, b3.cameras]).toEqual([a2.cameras, b2.cameras]);
    const rows = await leaseRows(ctx);
    expect(rows.map((r) => r.camera_uuid).sort()).toEqual(MAPLE_CAMERAS);
    expect(
      rows
        .filter((r) => r.analyzer_id === A)
        .map((r) => r.camera_uuid)
        .sort(),
    ).toEqual(a3.cameras);
    expect(
      rows
        .filter((r) => r.analyzer_id === B)
        .map((r) => r.camera_uuid)
        .sort(),
    ).toEqual(b3.cameras);
  });

  it('lets another analyzer take the cameras of one that stopped, once its leases ended, and not before', async () => {
    ctx.clock.advance(LEASE_MS + 1000); // the first test's analyzers are gone
    const C = 'c0000000-0000-4000-8000-000000000003';
    const D = 'd0000000-0000-4000-8000-000000000004';
    expect((await beat(ctx, key, { analyzer_id: C })).cameras).toEqual(MAPLE_CAMERAS);
    ctx.clock.advance(LEASE_MS - 1000);
    // C has not reported for 29 s: its leases live, D gets none of them.
    expect((await beat(ctx, key, { analyzer_id: D })).cameras).toEqual([]);
    ctx.clock.advance(2000);
    const taken = await beat(ctx, key, { analyzer_id: D });
    expect(taken.cameras).toEqual(MAPLE_CAMERAS);
    expect((await leaseRows(ctx)).every((r) => r.analyzer_id === D)).toBe(true);
    // C comes back: D keeps the share fairness gives it, C gets the rest on D's next heartbeat.
    const back = await beat(ctx, key, { analyzer_id: C });
    expect(back.cameras).toEqual([]);
    const d2 = await beat(ctx, key, { analyzer_id: D });
    const c2 = await beat(ctx, key, { analyzer_id: C });
    expect(d2.cameras).toHaveLength(3);
    expect(c2.cameras).toHaveLength(4);
    expect([...d2.cameras, ...c2.cameras].sort()).toEqual(MAPLE_CAMERAS);
  });

  it('takes no more cameras than its capacity, and none with capacity 0', async () => {
    ctx.clock.advance(LEASE_MS + 1000);
    const E = 'e0000000-0000-4000-8000-000000000005';
    const F = 'f0000000-0000-4000-8000-000000000006';
    expect((await beat(ctx, key, { analyzer_id: E, capacity: 0 })).cameras).toEqual([]);
    expect((await beat(ctx, key, { analyzer_id: F, capacity: 2 })).cameras).toEqual(MAPLE_CAMERAS.slice(0, 2));
    expect((await beat(ctx, key, { analyzer_id: E, capacity: 16 })).cameras).toEqual(MAPLE_CAMERAS.slice(2));
  });

  it('refuses an analyzer id used with another key, and changes nothing', async () => {
    // A is this key's (capacity 0: it takes nothing from the others here).
    await beat(ctx, key, { analyzer_id: A, capacity: 0 });
    const otherKey = await buildingKey(ctx, MAPLE, 'other analyzers');
    const leases = await leaseRows(ctx);
    const reused = ctx.analyzers.heartbeat(otherKey, body({ analyzer_id: A }));
    await expect(reused).rejects.toBeInstanceOf(HttpError);
    await expect(reused).rejects.toMatchObject({
      statusCode: 409,
      message: 'This analyzer id is in use with another key: pick a new one.',
    });
    expect(await leaseRows(ctx)).toEqual(leases);
    const analyzer = await ctx.database.db.selectFrom('analyzers').select('key_id').where('id', '=', A).executeTakeFirst();
    expect(analyzer).toEqual({ key_id: key.keyId });
  });

  it('drops a deleted camera from the assignments at the next heartbeat', async () => {
    ctx.clock.advance(LEASE_MS + 1000);
    const manager = await ctx.principal('manager@maple.example');
    const G = 'ab000000-0000-4000-8000-000000000007';
    expect((await beat(ctx, key, { analyzer_id: G })).cameras).toEqual(MAPLE_CAMERAS);
    // As the video service deletes a camera (DELETE /api/v4/cameras/:uuid).
    expect(await ctx.transaction((trx) => ctx.repos.cameras.remove(trx, HALLWAY, ctx.clock.now()))).toBe(true);
    const after = await beat(ctx, key, { analyzer_id: G });
    expect(after.cameras).toEqual(MAPLE_CAMERAS.filter((c) => c !== HALLWAY));
    expect((await leaseRows(ctx)).map((r) => r.camera_uuid)).not.toContain(HALLWAY);
    // Nor does a status list show it any more.
    const { cameras } = await ctx.analyzers.status(manager, MAPLE);
    expect(cameras.map((c) => c.camera_uuid).sort()).toEqual(MAPLE_CAMERAS.filter((c) => c !== HALLWAY));
  });
});
