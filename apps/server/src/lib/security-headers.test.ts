import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ VIGIL_TRUST_PROXY: 'true', VIGIL_LOG_LEVEL: 'info' }, undefined, { captureLogs: true });
});
afterAll(() => ctx.close());

function expectSecurityHeaders(headers: Record<string, unknown>, where: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${where}: a Content-Security-Policy`).toContain("default-src 'self'");
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, `${where}: scripts from this origin only, none inline`).toBe("'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(String(headers['permissions-policy']), where).toContain('camera=()');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('no-referrer');
}

describe('security headers', () => {
  it('come with API replies, and HSTS only over HTTPS', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expectSecurityHeaders(plain.headers, 'GET /api/v1/config');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await ctx.app.inject({ method: 'GET', url: '/api/v1/config', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("let the PWA's service worker and manifest load from this origin", async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    const csp = String(reply.headers['content-security-policy'] ?? '');
    expect(/worker-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toContain("'self'");
    expect(/manifest-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
  });

  it('come with the demo provider pages too (/oidc, /interaction), though oidc-provider writes those replies itself', async () => {
    const discovery = await ctx.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expectSecurityHeaders(discovery.headers, '/oidc');
    const interaction = await ctx.app.inject({ method: 'GET', url: '/interaction/unknown' });
    expectSecurityHeaders(interaction.headers, '/interaction');
  });

  it('keep media signatures and socket tokens out of the request log', async () => {
    await ctx.app.inject({ method: 'GET', url: '/media/1764000000.SIGNATURE-abc123/clips/x.mp4' });
    await ctx.app.inject({ method: 'GET', url: '/socket.io/?token=TOKEN-def456&EIO=4&transport=polling' });
    expect(ctx.logs.some((line) => line.includes('/media/…/clips/x.mp4'))).toBe(true);
    expect(ctx.logs.filter((line) => /SIGNATURE-abc123|TOKEN-def456/.test(line))).toEqual([]);
  });
});
