import { ingestBatchSchema } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE } from '../../../test/harness.js';
import { EXIT, MARGARET } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { localMidnight, previousDay, secondsFromRaise } from './report-builder.js';
import { ReportsService } from './reports.service.js';

// The daily schedule on a real database: the day before in each building's time zone, every kind once however often
// it runs. (reports.test.ts keeps the HTTP side: refusals, the table, the CSV.)

let ctx: ServiceContext;
let reports: ReportsService;
beforeAll(async () => {
  ctx = await createServiceContext();
  reports = new ReportsService({
    reports: ctx.repos.reports,
    domains: ctx.repos.domains,
    // Taps are badges' (tested with them in reports.test.ts); the elopement alerts are the real service's.
    sources: { taps: () => Promise.resolve([]), tapHeaders: [], alerts: (d, f, t, l) => ctx.alerts.between(d, f, t, l) },
    faceImage: (id) => `/signed/${id}`,
    clock: ctx.clock,
  });
});
afterAll(() => ctx.close());

describe('the building day', () => {
  it("finds local midnight in the building's time zone, across daylight-saving changes", () => {
    expect(new Date(localMidnight(Date.parse('2026-07-01T15:00:00Z'), 'America/New_York')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(new Date(localMidnight(Date.parse('2026-12-01T03:00:00Z'), 'America/New_York')).toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(new Date(localMidnight(Date.parse('2026-07-01T15:00:00Z'), 'UTC')).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    // 2026-11-01 is 25 hours long in New York.
    const day = previousDay(Date.parse('2026-11-02T12:00:00Z'), 'America/New_York');
    expect(new Date(day.start).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect((day.end - day.start) / 3600_000).toBe(25);
  });

  it('gives the seconds from raise to acknowledgement or dismissal, none when not done', () => {
    expect(secondsFromRaise(1_000, 91_400)).toBe(90);
    expect(secondsFromRaise(1_000, 1_600)).toBe(1);
    expect(secondsFromRaise(1_000, null)).toBe(null);
  });
});

describe('the daily reports', () => {
  it("makes each building's reports of the day before once, however often it runs", async () => {
    const { start } = previousDay(ctx.clock.now(), 'America/New_York');
    const detector = (await ctx.detectors.issue(MAPLE, 'reports service test', ['detector'], null)).detector;
    const batch = {
      faces: [{ camera_uuid: EXIT, captured_at: new Date(start + 3600_000).toISOString(), frontend_face_uuid: MARGARET, confidence: 0.96 }],
    };
    await ctx.ingest.ingest(detector, ingestBatchSchema.parse(batch));
    const buildings = (await ctx.repos.domains.allUuids()).length;
    expect(await reports.generateScheduled()).toBe(buildings * 4);
    expect(await reports.generateScheduled()).toBe(0);
    const maple = await ctx.repos.reports.list(MAPLE, 100);
    expect(maple.map((r) => r.kind).sort()).toEqual(['badge_sharing', 'credential_mismatch', 'elopement_alerts', 'tailgating']);
    expect(maple.every((r) => r.generated_by === null && r.start_at === start)).toBe(true);
    const alerts = maple.find((r) => r.kind === 'elopement_alerts')!;
    expect(alerts.row_count).toBe(1);
    // The next day makes the next day's.
    ctx.clock.advance(24 * 3600_000);
    expect(await reports.generateScheduled()).toBe(buildings * 4);
  });
});
