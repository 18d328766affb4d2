import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface DomainsReply {
  domains: {
    uuid: string;
    description: string;
    cameraUUIDs: string[];
    cameras: { uuid: string; description: string; category: string }[];
    preferences: Record<string, unknown>;
  }[];
}

const domainsOf = async (email: string) => {
  const token = await ctx.signIn(email);
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/v4/domains', headers: bearer(token), payload: { token } });
  expect(reply.statusCode).toBe(200);
  return reply.json<DomainsReply>().domains;
};

describe('POST /api/v4/domains', () => {
  it('lists only the domains the user holds entitlements in', async () => {
    expect((await domainsOf('nurse@maple.example')).map((d) => d.description)).toEqual(['Maple Court']);
    expect((await domainsOf('manager@maple.example')).map((d) => d.description)).toEqual(['Birch House', 'Maple Court']);
    expect(await domainsOf('newcomer@maple.example')).toEqual([]);
  });

  it('returns cameras with derived categories covering every category, and default preferences', async () => {
    const domains = await domainsOf('staff@vigil.example');
    const categories = new Set(domains.flatMap((d) => d.cameras.map((c) => c.category)));
    for (const category of ['Stairwell', 'Hallway', 'Outdoor', 'Elevator Car', 'Elevator Banks', 'North Wing', 'West Wing', 'Other']) {
      expect(categories).toContain(category);
    }
    const maple = domains.find((d) => d.uuid === MAPLE)!;
    expect(maple.cameraUUIDs).toEqual(maple.cameras.map((c) => c.uuid));
    // Maple Court stores alerts_source (its alerts page shows elopement alerts); Birch House has only defaults.
    expect(maple.preferences).toEqual({ alerts_source: 'faces_elopement_alerts', credentials_hide_no_image: false });
    expect(domains.find((d) => d.uuid !== MAPLE)!.preferences).toEqual({ alerts_source: 'objects', credentials_hide_no_image: false });
  });

  it('merges stored preferences over the defaults and ignores malformed ones', async () => {
    await ctx.database.db
      .updateTable('domains')
      .set({ preferences: JSON.stringify({ alerts_source: 'faces_elopement_alerts', credentials_hide_no_image: 'yes' }) })
      .where('uuid', '=', BIRCH)
      .execute();
    const birch = (await domainsOf('manager@maple.example')).find((d) => d.uuid === BIRCH)!;
    expect(birch.preferences).toEqual({ alerts_source: 'faces_elopement_alerts', credentials_hide_no_image: false });
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v4/domains' })).statusCode).toBe(401);
  });
});
