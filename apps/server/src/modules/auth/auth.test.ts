import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, BIRCH, bearer, createTestContext, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    store(setCookie: string | string[] | undefined) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(';');
        const [name, value] = (pair ?? '').split('=');
        if (name && value !== undefined) jar.set(name.trim(), value);
      }
    },
  };
}

const relative = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** What a browser at `http://{host}` sends: its Host header on every request (the demo works at any address). */
async function signInThroughProvider(
  jar: ReturnType<typeof cookieJar>,
  email: string,
  client: 'google' | 'microsoft',
  host = 'localhost:8080',
) {
  const headers = () => ({ cookie: jar.header(), host });
  const nonce = `flow-nonce-${randomUUID()}`;
  const query = new URLSearchParams({
    client_id: `vigil-demo-${client}`,
    response_type: 'id_token',
    scope: 'openid email profile',
    redirect_uri: `http://${host}/`,
    state: 'state-1',
    nonce,
    response_mode: 'fragment',
    prompt: 'select_account',
  });
  const authorize = await ctx.app.inject({ method: 'GET', url: `/oidc/auth?${query.toString()}`, headers: headers() });
  expect(authorize.statusCode).toBe(303);
  jar.store(authorize.headers['set-cookie']);
  const interaction = String(authorize.headers.location);
  expect(interaction).toMatch(/^\/interaction\//);

  const page = await ctx.app.inject({ method: 'GET', url: interaction, headers: headers() });
  expect(page.body).toContain('Vigil demo sign-in');
  expect(page.body).toContain(`standing in for ${client === 'google' ? 'Google' : 'Microsoft'}`);
  expect(page.body).toContain(`>${email}</button>`);

  const login = await ctx.app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}`,
  });
  jar.store(login.headers['set-cookie']);
  // Follow the provider until it sends the browser back to Vigil, submitting its auto-posting forms
  // (switching accounts passes through an end-session confirmation) as a browser would.
  let response = await ctx.app.inject({ method: 'GET', url: relative(String(login.headers.location)), headers: headers() });
  for (let step = 0; step < 5 && !String(response.headers.location ?? '').includes('#'); step++) {
    jar.store(response.headers['set-cookie']);
    const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(response.body);
    response = form
      ? await ctx.app.inject({
          method: 'POST',
          url: relative(form[1]!),
          headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(
            [...form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [m[1]!, m[2]!]),
          ).toString(),
        })
      : await ctx.app.inject({ method: 'GET', url: relative(String(response.headers.location)), headers: headers() });
  }
  jar.store(response.headers['set-cookie']);
  const back = new URL(String(response.headers.location));
  expect(back.origin).toBe(`http://${host}`);
  expect(back.pathname).toBe('/');
  const hash = new URLSearchParams(back.hash.slice(1));
  expect(hash.get('state')).toBe('state-1');
  const id_token = hash.get('id_token');
  expect(id_token).toBeTruthy();
  return ctx.app.inject({ method: 'POST', url: '/api/v4/oauth', payload: { provider: client, id_token, nonce } });
}

describe('built-in OpenID provider', () => {
  it('signs a demo account in through authorize, the account page and the id_token in the hash', async () => {
    const exchange = await signInThroughProvider(cookieJar(), 'nurse@maple.example', 'microsoft');
    expect(exchange.json()).toMatchObject({ ok: true, email: 'nurse@maple.example', staff: false });
  });

  it('asks again for the account on a second sign-in in the same browser, and signs in whoever is chosen', async () => {
    const jar = cookieJar();
    expect((await signInThroughProvider(jar, 'nurse@maple.example', 'google')).json()).toMatchObject({
      ok: true,
      email: 'nurse@maple.example',
    });
    expect((await signInThroughProvider(jar, 'nurse@maple.example', 'google')).json()).toMatchObject({
      ok: true,
      email: 'nurse@maple.example',
    });
    expect((await signInThroughProvider(jar, 'family@maple.example', 'google')).json()).toMatchObject({
      ok: true,
      email: 'family@maple.example',
    });
  });
});

describe('the demo provider at any address', () => {
  it('signs in at 127.0.0.1 and at a LAN host name as well as at localhost, returning to the address used', async () => {
    for (const host of ['127.0.0.1:8080', 'vigil-demo.lan:8080', '192.168.1.20:8080']) {
      expect((await signInThroughProvider(cookieJar(), 'nurse@maple.example', 'google', host)).json(), host).toMatchObject({ ok: true });
    }
  });

  it('never sends a sign-in to another site than the one the browser is on', async () => {
    for (const redirect of ['https://evil.example/', 'http://localhost:8080/other', 'http://127.0.0.1:8080/']) {
      const query = new URLSearchParams({
        client_id: 'vigil-demo-google',
        response_type: 'id_token',
        scope: 'openid email profile',
        redirect_uri: redirect,
        state: 's',
        nonce: 'nonce-0123456789abcdef',
        response_mode: 'fragment',
      });
      const reply = await ctx.app.inject({ method: 'GET', url: `/oidc/auth?${query.toString()}`, headers: { host: 'localhost:8080' } });
      expect(reply.statusCode, redirect).toBe(400);
      expect(String(reply.headers.location ?? ''), redirect).not.toContain(redirect);
    }
  });
});

describe('POST /api/v4/oauth', () => {
  const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/v4/oauth', payload: payload as object });

  it('issues a session token of at least 128 random bits and the staff flag for internal e-mails', async () => {
    const nonce = 'nonce-staff-0123456789';
    const id_token = await ctx.mintIdToken({ email: 'staff@vigil.example', nonce });
    const reply = await post({ provider: 'google', id_token, nonce });
    const body = reply.json<{ ok: true; auth: { token: string }; staff: boolean }>();
    expect(body).toMatchObject({ ok: true, email: 'staff@vigil.example', staff: true });
    expect(Buffer.from(body.auth.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await ctx.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(body.auth.token);
  });

  it.each([
    [
      'a wrong signature',
      { email: 'nurse@maple.example', nonce: 'n-wrong-signature-01' },
      { key: 'stranger' as const },
      'n-wrong-signature-01',
    ],
    ['a wrong audience', { email: 'nurse@maple.example', nonce: 'n-wrong-audience-001', aud: 'someone-else' }, {}, 'n-wrong-audience-001'],
    [
      'a wrong issuer',
      { email: 'nurse@maple.example', nonce: 'n-wrong-issuer-00001', iss: 'https://evil.example' },
      {},
      'n-wrong-issuer-00001',
    ],
    [
      'an expired token',
      { email: 'nurse@maple.example', nonce: 'n-expired-0000000001', exp: Math.floor(Date.now() / 1000) - 3600 },
      {},
      'n-expired-0000000001',
    ],
    ['a nonce that is not the one sent', { email: 'nurse@maple.example', nonce: 'n-token-nonce-000001' }, {}, 'n-other-nonce-000001'],
  ])('refuses %s with the provider text', async (_case, claims, options, nonce) => {
    const id_token = await ctx.mintIdToken(claims, options);
    const reply = await post({ provider: 'google', id_token, nonce });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ ok: false, err: "Couldn't validate token with Google." });
  });

  it('refuses a Google-audience token presented as Microsoft', async () => {
    const id_token = await ctx.mintIdToken({ email: 'nurse@maple.example', nonce: 'n-cross-provider-0001' }, { provider: 'google' });
    const reply = await post({ provider: 'microsoft', id_token, nonce: 'n-cross-provider-0001' });
    expect(reply.json()).toEqual({ ok: false, err: "Couldn't validate token with Microsoft." });
  });

  it('refuses a replayed id_token (its nonce is spent)', async () => {
    const id_token = await ctx.mintIdToken({ email: 'nurse@maple.example', nonce: 'n-replay-00000000001' });
    expect((await post({ provider: 'google', id_token, nonce: 'n-replay-00000000001' })).json()).toMatchObject({ ok: true });
    expect((await post({ provider: 'google', id_token, nonce: 'n-replay-00000000001' })).json()).toEqual({
      ok: false,
      err: "Couldn't validate token with Google.",
    });
  });

  it('refuses an e-mail with no Vigil account, saying so', async () => {
    const id_token = await ctx.mintIdToken({ email: 'stranger@elsewhere.example', nonce: 'n-unknown-user-00001' });
    const body = (await post({ provider: 'google', id_token, nonce: 'n-unknown-user-00001' })).json<{ ok: boolean; err: string }>();
    expect(body.ok).toBe(false);
    expect(body.err).toContain('stranger@elsewhere.example');
  });

  it.each([
    [{}, 'body'],
    [{ provider: 'yahoo', id_token: 'x', nonce: 'n-0123456789abcdef' }, 'provider'],
    [{ provider: 'google', id_token: '', nonce: 'n-0123456789abcdef' }, 'id_token'],
    [{ provider: 'google', id_token: 'x' }, 'nonce'],
  ])('answers 400 with a message for malformed input %#', async (payload, field) => {
    const reply = await post(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ error: string }>().error).toContain(field);
  });

  it('refuses, with no 500, a token that is not a JWT at all', async () => {
    const reply = await post({ provider: 'google', id_token: 'not-a-jwt', nonce: 'n-0123456789abcdef' });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ ok: false });
  });
});

describe('sessions', () => {
  it('stop working after logout', async () => {
    const token = await ctx.signIn('family@maple.example');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(token) })).json()).toEqual({ ok: true });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('expire after the configured time', async () => {
    const token = await ctx.signIn('family@maple.example');
    ctx.clock.advance(ctx.config.sessionTtlHours * 3600 * 1000 + 1);
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(token) });
    expect(reply.statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/me/entitlements', () => {
  const entitlementsOf = async (email: string) => {
    const token = await ctx.signIn(email);
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(token) });
    return reply.json<{ ok: true; entitlementsByDomain: Record<string, Record<string, string[]>> }>().entitlementsByDomain;
  };

  it('gives the nurse Maple Court only, with the caregiver operations', async () => {
    expect(await entitlementsOf('nurse@maple.example')).toEqual({
      [MAPLE]: {
        alerting: ['pin_dismiss_alert', 'receive_er_alerts', 'view_historic'],
        faces: ['find_resident'],
        video: ['view_historic', 'view_live'],
      },
    });
  });

  it('gives the manager both buildings and no staff service', async () => {
    const entitlements = await entitlementsOf('manager@maple.example');
    expect(Object.keys(entitlements).sort()).toEqual([MAPLE, BIRCH].sort());
    expect(entitlements[MAPLE]?.staff).toBeUndefined();
    expect(entitlements[MAPLE]?.account).toContain('administer_user_pin');
  });

  it('never gives the staff service to a non-internal e-mail, whatever its roles', async () => {
    const family = await ctx.access.findUserByEmail('family@maple.example');
    await ctx.access.grant(family!.id, BIRCH, 'staff-admin');
    const entitlements = await entitlementsOf('family@maple.example');
    expect(entitlements[BIRCH]?.video).toBeDefined();
    expect(entitlements[BIRCH]?.staff).toBeUndefined();
    await ctx.transaction((trx) => ctx.access.revoke(trx, family!.id, BIRCH, 'staff-admin'));
  });

  it('gives the newcomer nothing', async () => {
    expect(await entitlementsOf('newcomer@maple.example')).toEqual({});
  });

  it("refuses any user but 'me'", async () => {
    const token = await ctx.signIn('nurse@maple.example');
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/someone/entitlements', headers: bearer(token) });
    expect(reply.statusCode).toBe(400);
  });
});
