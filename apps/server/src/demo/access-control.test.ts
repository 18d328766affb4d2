import type { AccessEventsReply, CredentialsReply, ReportSummary } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE, bearer, createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_IDENTITIES, DEMO_REPORTS_BY, historyTaps } from './access-control.js';
import { BADGES } from '@vigil/contract';

// The demo's simulated access control: its history meets the simulated sightings at the exit, so the badge pages have a
// matched badge, a shared one, a tailgate and taps nobody was seen at on the first start.

let ctx: TestContext;
let manager: string;
beforeAll(async () => {
  ctx = await createTestContext({ VIGIL_DEMO_DETECTIONS: 'history' });
  manager = await ctx.signIn('manager@maple.example');
  // The demo's first start is done when both buildings have their simulated week's reports (made after their taps).
  await vi.waitFor(
    async () =>
      expect(
        Number(
          (
            await ctx.database.db
              .selectFrom('reports')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(8),
    { timeout: 30_000, interval: 200 },
  );
}, 60_000);
afterAll(() => ctx.close());

const get = async <T>(url: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url, headers: bearer(manager) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<T>();
};

describe('the simulated access control', () => {
  it('gives every demo identity a 16-character id and a registry person with that card', () => {
    for (const identity of DEMO_IDENTITIES) expect(identity.id).toHaveLength(BADGES.identityIdLength);
    expect(historyTaps('maple', Date.now()).every((t) => t.credential.id.length > 0)).toBe(true);
  });

  it("shows matched taps, a shared badge, a tailgate and taps with nobody at the door in Maple's badge pages", async () => {
    const { identities } = await get<CredentialsReply>(`/api/faces/v1/credentials?domain_uuid=${MAPLE}`);
    const byId = new Map(identities.map((i) => [i.identityId, i]));
    expect(byId.get('MPL-U1-HILL-0001')).toMatchObject({ person_name: 'Margaret Hill', unit: '1', total: 3, matched: 2, nullMatched: 0 });
    expect(
      byId
        .get('MPL-U1-HILL-0001')!
        .cotenants.map((c) => c.identityId)
        .sort(),
    ).toEqual(['MPL-U1-HOPPER-01', 'MPL-U1-SHAW-0001']);
    expect(byId.get('MPL-U2-BROOKS-01')).toMatchObject({ total: 2, matched: 2, matchRatio: 1 });
    expect(byId.get('MPL-U1-HOPPER-01')).toMatchObject({ role: 'tor', total: 1, nullMatched: 1 });
    const { events } = await get<AccessEventsReply>(
      `/api/faces/v1/credentials/MPL-U1-HILL-0001/access-events?domain_uuid=${MAPLE}&view=all`,
    );
    const flagged = events.map((e) => ({ flags: e.flags, sharedWith: e.sharedWith, passages: e.passages }));
    expect(flagged).toContainEqual({ flags: ['shared'], sharedWith: 'Edith Shaw', passages: 1 });
    expect(flagged).toContainEqual({ flags: ['tailgate'], sharedWith: null, passages: 2 });
    // The analyzer named Margaret at her own tap: Medium or better against her, on the analyzer's confidence.
    const own = events.find((e) => e.flags.length === 0)!;
    expect(own.matched).toBe(true);
    expect(own.detections[0]!.matchConfidenceLabel).toBe('Medium');
  });

  it("makes the simulated week's reports on the first start, with the shared badge and the tailgate in them", async () => {
    const { reports } = await get<{ reports: ReportSummary[] }>(`/api/reports/v1/reports?domain_uuid=${MAPLE}`);
    const demo = reports.filter((r) => r.metadata.generated_by === DEMO_REPORTS_BY);
    expect(demo.map((r) => r.metadata.title).sort()).toEqual(['Badge Sharing', 'Credential Mismatch', 'Elopement Alerts', 'Tailgating']);
    const rows = (kind: string) => demo.find((r) => r.metadata.kind === kind)!.metadata.rows;
    expect(rows('badge_sharing')).toBe(1);
    expect(rows('tailgating')).toBe(1);
    expect(rows('elopement_alerts')).toBeGreaterThan(0);
  });
});
