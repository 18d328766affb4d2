import { randomUUID } from 'node:crypto';
import { REPORTS } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { ReportsRetention } from './reports-retention.js';
import { ReportsService } from './reports.service.js';

// Bounded reports on a real database: a building keeps at most REPORTS.maxOnDemand on-demand reports (the oldest go,
// the daily ones stay), a report's taps are picked by the database, never read in bulk and filtered in memory, and the
// retention sweep takes a report with whom its rows are about.

let ctx: ServiceContext;
let reports: ReportsService;
beforeAll(async () => {
  ctx = await createServiceContext();
  reports = new ReportsService({
    reports: ctx.repos.reports,
    domains: ctx.repos.domains,
    sources: { taps: () => Promise.resolve([]), tapHeaders: [], alerts: () => Promise.resolve([]) },
    faceImage: (id) => `/signed/${id}`,
    clock: ctx.clock,
  });
});
afterAll(() => ctx.close());

const held = async (domain: string) =>
  ctx.database.db.selectFrom('reports').select(['uuid', 'generated_by']).where('domain_uuid', '=', domain).execute();

describe('stored reports per building', () => {
  it(`keeps the ${REPORTS.maxOnDemand} newest on-demand reports: one more removes the oldest; daily ones and other buildings stay`, async () => {
    const now = ctx.clock.now();
    const daily = await reports.generate(MAPLE, 'tailgating', now - 86_400_000, now, null);
    const birch = await reports.generate(BIRCH, 'tailgating', now - 3600_000, now, 'manager@maple.example');
    const made: string[] = [];
    for (let i = 0; i < REPORTS.maxOnDemand + 3; i += 1) {
      made.push(await reports.generate(MAPLE, 'tailgating', now - 3600_000, now, 'manager@maple.example'));
      ctx.clock.advance(1_000);
    }
    const left = await held(MAPLE);
    expect(left.filter((r) => r.generated_by !== null)).toHaveLength(REPORTS.maxOnDemand);
    const ids = new Set(left.map((r) => r.uuid));
    expect(
      made.slice(0, 3).some((id) => ids.has(id)),
      'the three oldest went',
    ).toBe(false);
    expect(made.slice(3).every((id) => ids.has(id))).toBe(true);
    expect(ids.has(daily)).toBe(true);
    expect((await held(BIRCH)).map((r) => r.uuid)).toContain(birch);
  });
});

describe("a report's taps", () => {
  it('are the ones of its kind, picked by the database up to the limit, however many others are newer', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const point = randomUUID();
    const identity = randomUUID();
    await db
      .insertInto('access_points')
      .values({
        uuid: point,
        domain_uuid: MAPLE,
        external_id: 'cap-door',
        description: 'Door',
        camera_uuid: EXIT,
        window_before_ms: 5_000,
        window_after_ms: 5_000,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('badge_identities')
      .values({
        uuid: identity,
        domain_uuid: MAPLE,
        identity_id: 'CAPTEST000000001',
        name: 'CAP',
        unit: '1',
        role: 'tor',
        face_uuid: null,
        last_tap_at: null,
        last_verified_at: null,
        last_verified_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // 60 ordinary taps, newer than the one tailgate and the one shared badge.
    const tap = (i: number, over: object) => ({
      uuid: randomUUID(),
      domain_uuid: MAPLE,
      source_id: `cap-${i}`,
      detector_id: null,
      access_point_uuid: point,
      identity_uuid: identity,
      credential_uuid: null,
      event_at: now - 3600_000 + i * 1_000,
      granted: 1,
      received_at: now,
      evaluated_at: now,
      faces: 1,
      passages: 1,
      matched: 1,
      best_label: 'High',
      shared_with: null,
      door_face: null,
      tailgate: 0,
      ...over,
    });
    await db
      .insertInto('access_events')
      .values([
        tap(0, { tailgate: 1, passages: 2 }),
        tap(1, { shared_with: randomUUID(), matched: 0 }),
        ...Array.from({ length: 60 }, (_, i) => tap(i + 2, {})),
      ])
      .execute();
    const from = now - 2 * 3600_000;
    const tailgates = await ctx.repos.badges.tapsBetween(MAPLE, from, now, 2, 'tailgate');
    expect(tailgates.map((t) => t.source_id)).toEqual(['cap-0']);
    expect((await ctx.repos.badges.tapsBetween(MAPLE, from, now, 2, 'shared')).map((t) => t.source_id)).toEqual(['cap-1']);
    expect((await ctx.repos.badges.tapsBetween(MAPLE, from, now, 2, 'mismatch')).map((t) => t.source_id)).toEqual(['cap-1']);
  });
});

describe('the retention sweep', () => {
  it('deletes a report past its period together with whom its rows were about', async () => {
    const person = randomUUID();
    const about = new ReportsService({
      reports: ctx.repos.reports,
      domains: ctx.repos.domains,
      sources: {
        taps: () => Promise.resolve([{ cells: { holder: 'Someone' }, about: [{ kind: 'person', uuid: person }] }]),
        tapHeaders: [],
        alerts: () => Promise.resolve([]),
      },
      faceImage: (id) => `/signed/${id}`,
      clock: ctx.clock,
    });
    const now = ctx.clock.now();
    const old = await about.generate(BIRCH, 'tailgating', now - 3600_000, now, null);
    const people = () => ctx.database.db.selectFrom('report_people').select('row_index').where('subject_uuid', '=', person).execute();
    expect(await people()).toHaveLength(1);
    expect(await new ReportsRetention({ reports: ctx.repos.reports }).purge(BIRCH, now + 1, 100)).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.selectFrom('reports').select('uuid').where('uuid', '=', old).execute()).toEqual([]);
    expect(await people()).toEqual([]);
  });
});
