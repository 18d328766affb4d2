import type { ClientConfig } from '@vigil/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../../config.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';

// The built-in demo provider lets anyone sign in as anyone: it must exist only when the operator asked for the demo.
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function demoRoutes(context: TestContext) {
  const authorize = await context.app.inject({ method: 'GET', url: '/oidc/auth?client_id=vigil-demo-microsoft&response_type=id_token' });
  const discovery = await context.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
  const interaction = await context.app.inject({ method: 'GET', url: '/interaction/abc123' });
  const login = await context.app.inject({ method: 'POST', url: '/interaction/abc123/login', payload: 'email=staff%40vigil.example' });
  return [authorize, discovery, interaction, login].map((reply) => reply.statusCode);
}

const clientConfig = async (context: TestContext) =>
  (await context.app.inject({ method: 'GET', url: '/api/v1/config' })).json<ClientConfig>();

describe('the demo sign-in mode', () => {
  it('is on in the demo: both buttons use the built-in provider, on this server, at the address the browser uses', async () => {
    ctx = await createTestContext();
    const config = await clientConfig(ctx);
    expect(config.providers.google).toMatchObject({ builtIn: true, authorizeUrl: '/oidc/auth', clientId: 'vigil-demo-google' });
    expect(config.providers.microsoft).toMatchObject({ builtIn: true, authorizeUrl: '/oidc/auth', clientId: 'vigil-demo-microsoft' });
    expect(config.providers.google?.redirectUri).toBeUndefined();
    // Discovery answers; an authorize without its parameters, and an unknown interaction (shown or posted to), answer
    // at once with a 4xx: no request is left hanging (1,000 of them once held 1,001 file handles).
    const [authorize, discovery, interaction, login] = await demoRoutes(ctx);
    expect(discovery).toBe(200);
    for (const status of [authorize, interaction, login]) expect(status).toBeGreaterThanOrEqual(400);
    for (const status of [authorize, interaction, login]) expect(status).toBeLessThan(500);
  });

  it('is off as soon as one real provider is configured: its routes are 404 and only that provider is offered', async () => {
    ctx = await createTestContext({ GOOGLE_CLIENT_ID: 'g-123.apps.example', VIGIL_PUBLIC_URL: 'https://vigil.example.org' });
    expect(await demoRoutes(ctx)).toEqual([404, 404, 404, 404]);
    const config = await clientConfig(ctx);
    expect(config.providers.microsoft).toBeUndefined();
    expect(config.providers.google).toEqual({
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      clientId: 'g-123.apps.example',
      builtIn: false,
      redirectUri: 'https://vigil.example.org/',
    });
    // A token from the (absent) demo provider is not accepted either.
    const token = await ctx.mintIdToken({ email: 'staff@vigil.example' }, { provider: 'microsoft' });
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/v4/oauth', payload: { provider: 'microsoft', id_token: token } });
    expect(reply.json()).toMatchObject({ ok: false });
  });

  it('is off with VIGIL_DEMO=off, and then no provider is offered until one is configured', async () => {
    ctx = await createTestContext({ VIGIL_DEMO: 'off' });
    expect(await demoRoutes(ctx)).toEqual([404, 404, 404, 404]);
    expect((await clientConfig(ctx)).providers).toEqual({});
  });
});

describe('behind a reverse proxy', () => {
  const authorize = (context: TestContext) =>
    context.app.inject({
      method: 'GET',
      url: `/oidc/auth?${new URLSearchParams({
        client_id: 'vigil-demo-google',
        response_type: 'id_token',
        scope: 'openid email',
        redirect_uri: 'https://vigil.example.org/',
        nonce: 'nonce-0123456789abcdef',
        response_mode: 'fragment',
      }).toString()}`,
      headers: { host: '10.0.0.5:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'vigil.example.org' },
    });

  it('takes the address from X-Forwarded-* only when told to trust the proxy', async () => {
    ctx = await createTestContext({ VIGIL_TRUST_PROXY: 'true' });
    const trusted = await authorize(ctx);
    expect(trusted.statusCode).toBe(303);
    expect(String(trusted.headers.location)).toMatch(/^\/interaction\//);
    await ctx.close();
    ctx = await createTestContext();
    expect((await authorize(ctx)).statusCode).toBe(400);
  });
});

describe('where the server listens', () => {
  it('is loopback unless HOST says otherwise', () => {
    const dir = { VIGIL_DATA_DIR: `/tmp/vigil-config-${process.pid}` };
    expect(loadConfig(dir).host).toBe('127.0.0.1');
    expect(loadConfig({ ...dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('192.168.1.20')).toBe(false);
  });
});
