import {
  clientConfigSchema,
  entitlementsReplySchema,
  logoutReplySchema,
  oauthBodySchema,
  oauthReplySchema,
  type ClientConfig,
} from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(app: App, deps: { auth: AuthService; clientConfig: ClientConfig; audit: AuditService }): void {
  app.get(
    '/api/v1/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the landing page needs before sign-in',
        security: [],
        response: { 200: clientConfigSchema },
      },
    },
    () => deps.clientConfig,
  );

  app.post(
    '/api/v4/oauth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a provider id_token for a Vigil session token',
        security: [],
        body: oauthBodySchema,
        response: { 200: oauthReplySchema, 400: replies(z.any(), [400])[400], 401: oauthReplySchema },
      },
    },
    async (request, reply) => {
      const result = await deps.auth.signIn(request.body);
      // Signed in: the entry names the account (a session has no building yet; the audit page shows it to the
      // administrators of the buildings the account holds a role in).
      if (result.ok) await deps.audit.record({ userId: null, email: result.email, address: request.ip }, { action: 'signed_in' });
      return reply.code(result.ok ? 200 : 401).send(result);
    },
  );

  authenticatedScope(app, deps.auth, (scope) => {
    scope.post(
      '/api/v4/logout',
      {
        config: { access: { anySignedInUser: "ends the caller's own session" } },
        schema: { tags: ['auth'], summary: 'End this session (the token stops working)', response: replies(logoutReplySchema, [401]) },
      },
      async (request) => {
        await deps.auth.logout(principalOf(request).token);
        return { ok: true as const };
      },
    );

    scope.get(
      '/api/v1/users/:me/entitlements',
      {
        config: { access: { anySignedInUser: "the caller's own entitlements; none at all is an answer too" } },
        schema: {
          tags: ['auth'],
          summary: "The signed-in user's entitlements per domain",
          params: z.object({ me: z.literal('me', { error: "Only 'me' may be asked for" }) }),
          response: replies(entitlementsReplySchema, [400, 401]),
        },
      },
      (request) => ({ ok: true as const, entitlementsByDomain: principalOf(request).entitlements }),
    );
  });
}
