import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ VIGIL_ANALYTICS_URL: 'https://analytics.test.example' });
});
afterAll(() => ctx.close());

const links = (token: string, domain: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/staff/links?domain_uuid=${domain}`, headers: bearer(token) });

describe('GET /api/v1/staff/links', () => {
  it('gives staff the three configured external links', async () => {
    const reply = await links(await ctx.signIn('staff@vigil.example'), MAPLE);
    const body = reply.json<{ links: { label: string; url: string }[] }>();
    expect(body.links.map((l) => l.label)).toEqual(['Analytics', 'Metrics', 'Tagging']);
    expect(body.links[0]?.url).toBe('https://analytics.test.example');
  });

  it('gives the links to staff holding either staff/view_internal_links or staff/view_git_info (DECISIONS.md)', async () => {
    for (const operation of ['view_internal_links', 'view_git_info'] as const) {
      const role = `staff-menu-${operation}`;
      await ctx.transaction((trx) =>
        ctx.access.defineRole(trx, { name: role, description: `only staff/${operation}`, operations: { staff: [operation] } }),
      );
      const user = await ctx.access.ensureUser(`${role}@vigil.example`);
      await ctx.access.grant(user.id, MAPLE, role);
      const reply = await links(await ctx.signIn(user.email), MAPLE);
      expect(reply.statusCode, `${operation}: ${reply.body}`).toBe(200);
      expect(reply.json<{ links: unknown[] }>().links).toHaveLength(3);
      // Only in the building it holds the operation in.
      expect((await links(await ctx.signIn(user.email), BIRCH)).statusCode).toBe(403);
    }
  });

  it('refuses non-staff users, even managers (403)', async () => {
    expect((await links(await ctx.signIn('manager@maple.example'), MAPLE)).statusCode).toBe(403);
    expect((await links(await ctx.signIn('nurse@maple.example'), BIRCH)).statusCode).toBe(403);
  });

  it('answers 400 without a domain', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/staff/links',
      headers: bearer(await ctx.signIn('staff@vigil.example')),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ error: string }>().error).toContain('domain_uuid');
  });
});
