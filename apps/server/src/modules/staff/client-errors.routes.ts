import {
  CLIENT_ERRORS,
  clientErrorReportReplySchema,
  clientErrorReportSchema,
  clientErrorsQuerySchema,
  clientErrorsReplySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { ClientErrorsService } from './client-errors.service.js';

export function clientErrorsRoutes(app: App, deps: { authenticator: Authenticator; clientErrors: ClientErrorsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v1/client_errors',
      {
        // A browser stuck in a loop of failures must not fill the database: a budget per user (429 beyond it).
        config: {
          access: { anySignedInUser: 'every browser reports the errors it ran into, whoever is signed in' },
          rateLimit: {
            max: CLIENT_ERRORS.perUserPerMinute,
            timeWindow: 60_000,
            keyGenerator: (request) => request.principal?.user.id ?? request.ip,
          },
        },
        schema: {
          tags: ['staff'],
          summary: 'Report an error the browser ran into (network failure, player error)',
          body: clientErrorReportSchema,
          response: replies(clientErrorReportReplySchema, [400, 401, 429]),
        },
      },
      async (request) => {
        await deps.clientErrors.report(principalOf(request), request.body, request.headers['user-agent']);
        return { ok: true as const };
      },
    );
    scope.get(
      '/api/v1/client_errors',
      {
        config: { access: { rights: ['staff/diagnostic_export'] } },
        schema: {
          tags: ['staff'],
          summary: 'The errors browsers reported, newest first (staff, staff/diagnostic_export)',
          querystring: clientErrorsQuerySchema,
          response: replies(clientErrorsReplySchema),
        },
      },
      async (request) => ({ ok: true as const, errors: await deps.clientErrors.list(request.query.limit) }),
    );
  });
}
