import { auditFlagBodySchema, auditQuerySchema, auditReplySchema, okReplySchema } from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { AuditService } from './audit.service.js';

/** The audit trail's pages: a building's entries (account/view_audit in that building), as JSON or as CSV. */
export function auditRoutes(app: App, deps: { authenticator: Authenticator; audit: AuditService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v1/audit/flags',
      {
        config: { access: { rights: ['staff/feature_flags'] } },
        schema: {
          tags: ['audit'],
          summary: "Record a feature flag changed in this browser's local overrides (staff/feature_flags)",
          body: auditFlagBodySchema,
          response: replies(okReplySchema, [400, 401, 403]),
        },
      },
      async (request) => {
        await deps.audit.recordRequest(request, {
          action: 'changed_flag',
          detail: { flag: request.body.flag, value: request.body.value, scope: 'this browser' },
        });
        return { ok: true as const };
      },
    );
    scope.get(
      '/api/v1/audit',
      {
        config: { access: { rights: ['account/view_audit'] } },
        schema: {
          tags: ['audit'],
          summary: "A building's audit trail, newest first: who did what, when, from where (account/view_audit)",
          querystring: auditQuerySchema,
          response: replies(auditReplySchema),
        },
      },
      async (request) => ({ ok: true as const, ...(await deps.audit.list(principalOf(request), request.query)) }),
    );
    scope.get(
      '/api/v1/audit.csv',
      {
        config: { access: { rights: ['account/view_audit'] } },
        schema: {
          tags: ['audit'],
          summary: 'The same entries as CSV, formulas neutralised (account/view_audit)',
          querystring: auditQuerySchema,
          response: replies(z.string()),
        },
      },
      async (request, reply) => {
        const csv = await deps.audit.csv(principalOf(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="vigil-audit-${request.query.domain_uuid.slice(0, 8)}.csv"`)
          .send(csv);
      },
    );
  });
}
