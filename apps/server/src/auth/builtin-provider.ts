import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import type { Provider as ProviderName } from '@vigil/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { interactionPolicy, type Adapter, type KoaContextWithOIDC } from 'oidc-provider';
import { keepHeadersOnHijack } from '../lib/security-headers.js';
import type { TrustedIssuer } from './id-token-verifier.js';
import { renderSignInError, renderSignInPage, type DemoAccount } from './sign-in-page.js';

export const OIDC_PREFIX = '/oidc';
const INTERACTION_PREFIX = '/interaction';

export interface BuiltInProviderOptions {
  /** names the issuer of its id_tokens; browsers may reach the server at any address */
  publicUrl: string;
  /** X-Forwarded-* from a trusted reverse proxy decide the address the browser used */
  trustProxy: boolean;
  dataDir: string;
  secret: Buffer;
  adapter: new (model: string) => Adapter;
  accounts(): Promise<DemoAccount[]>;
}

export interface BuiltInProvider {
  issuer: string;
  authorizeUrl: string;
  clientIds: Record<ProviderName, string>;
  trusted(provider: ProviderName): TrustedIssuer;
  register(app: FastifyInstance): void;
}

/** The signing key survives restarts so that a token issued before one still verifies after it. */
async function loadSigningKey(dataDir: string): Promise<JWK> {
  const file = join(dataDir, 'oidc-signing-key.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as JWK;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `vigil-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' };
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}

/** oidc-provider's own limit on the bodies it reads; the provider's routes take forms only, and small ones. */
const FORM_BODY_LIMIT = 56 * 1024;

/**
 * The request as oidc-provider reads it: the same request, with the body Fastify has read whole to be read again, as
 * oidc-provider would from the wire (it takes a request already read only with a warning, through req.body).
 */
function withBodyToRead(raw: IncomingMessage, body: Buffer): IncomingMessage {
  const { headers, rawHeaders, method, url, httpVersion, httpVersionMajor, httpVersionMinor, socket } = raw;
  const originalUrl = (raw as IncomingMessage & { originalUrl?: string }).originalUrl;
  return Object.assign(new PassThrough().end(body), {
    ...{ headers, rawHeaders, method, url, originalUrl, httpVersion, httpVersionMajor, httpVersionMinor },
    ...{ socket, connection: socket },
  }) as unknown as IncomingMessage;
}

/**
 * Vigil's own OpenID Connect provider, for the demo and the tests: it plays Google and Microsoft when
 * neither is configured, signing real id_tokens that the server verifies like any other provider's.
 */
export async function createBuiltInProvider(options: BuiltInProviderOptions): Promise<BuiltInProvider> {
  const issuer = `${options.publicUrl}${OIDC_PREFIX}`;
  const signingKey = await loadSigningKey(options.dataDir);
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicKey } = signingKey;
  const clientIds: Record<ProviderName, string> = { google: 'vigil-demo-google', microsoft: 'vigil-demo-microsoft' };

  // The origin the browser used for the request being handled (Fastify worked it out, proxy headers included when
  // trusted): the only place a sign-in may return to. That makes the demo work at localhost, 127.0.0.1, a LAN
  // address or a host name with no setting, and never hands an id_token to another site.
  const requestOrigin = new AsyncLocalStorage<string>();

  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const provider = new Provider(issuer, {
    clients: Object.values(clientIds).map((client_id) => ({
      client_id,
      token_endpoint_auth_method: 'none',
      response_types: ['id_token'],
      grant_types: ['implicit'],
      // Registered for form's sake (two, so that none is the default); redirectUriAllowed below decides: the
      // request's own origin, path '/'.
      redirect_uris: ['http://localhost/', 'http://127.0.0.1/'],
      application_type: 'native',
    })),
    adapter: options.adapter,
    responseTypes: ['id_token'],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    jwks: { keys: [signingKey] },
    cookies: { keys: [options.secret.toString('hex')] },
    features: { devInteractions: { enabled: false } },
    renderError(ctx, error) {
      ctx.type = 'html';
      ctx.body = renderSignInError(error);
    },
    pkce: { required: () => false },
    ttl: { IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { policy, url: (_ctx: KoaContextWithOIDC, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = (await options.accounts()).find((a) => a.email === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: true, name: account.displayName }),
      };
    },
    // First-party clients: the user is never asked to consent.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const clientId = oidc.client?.clientId;
      const accountId = oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const existing = oidc.session?.grantIdFor(clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.proxy = options.trustProxy;
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(value: string): boolean {
    const origin = requestOrigin.getStore();
    return origin !== undefined && value === `${origin}/`;
  };
  const callback = provider.callback();
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  function register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // Fastify reads every body here, whole or not at all, before oidc-provider sees the request: forms (the only bodies
      // these routes take) up to oidc-provider's own limit, else 413; any other type 415. Left to oidc-provider, a form
      // over its limit was left half read (the request paused), and a client still sending it waited for ever.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      // Its routes take no session (the sign-in comes out of them): the OpenAPI document says so.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, security: [] };
      });

      scope.all(`${OIDC_PREFIX}/*`, (request, reply) => {
        keepHeadersOnHijack(reply);
        // oidc-provider works out its mount path from originalUrl.
        Object.assign(request.raw, { originalUrl: request.raw.url });
        request.raw.url = request.raw.url?.slice(OIDC_PREFIX.length) || '/';
        const raw = request.body instanceof Buffer ? withBodyToRead(request.raw, request.body) : request.raw;
        requestOrigin.run(originOf(request), () => callback(raw, reply.raw));
      });

      scope.get<{ Params: { uid: string } }>(`${INTERACTION_PREFIX}/:uid`, async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const button = details.params.client_id === clientIds.microsoft ? 'Microsoft' : 'Google';
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return renderSignInPage({ uid: details.uid, standsInFor: button, accounts: await options.accounts() });
      });

      scope.post<{ Params: { uid: string } }>(`${INTERACTION_PREFIX}/:uid/login`, async (request, reply) => {
        // An unknown or expired interaction is refused here with a 4xx, before the reply is handed to oidc-provider
        // (which would otherwise leave the request without an answer).
        await provider.interactionDetails(request.raw, reply.raw);
        const form = new URLSearchParams(request.body instanceof Buffer ? request.body.toString() : '');
        const email = (form.get('email') ?? '').toLowerCase();
        const known = (await options.accounts()).some((a) => a.email === email);
        const result = known
          ? // choosing the account is the consent: the clients are Vigil's own
            { select_account: {}, login: { accountId: email }, consent: {} }
          : { error: 'access_denied', error_description: 'Unknown demo account' };
        keepHeadersOnHijack(reply);
        try {
          await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
        } catch (error) {
          request.log.warn({ err: error }, 'demo sign-in could not finish');
          if (!reply.raw.headersSent) reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
          reply.raw.end(renderSignInError({ error: 'invalid_request', error_description: 'the sign-in expired; start again' }));
        }
      });
    });
  }

  const jwks = createLocalJWKSet({ keys: [publicKey] });
  return {
    issuer,
    // A path: the browser stays on the address it used.
    authorizeUrl: `${OIDC_PREFIX}/auth`,
    clientIds,
    trusted: (name) => ({ jwks, audience: clientIds[name], issuer }),
    register,
  };
}
