import { privacyQuerySchema, privacyReplySchema, privacyUpdateSchema } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { actorOf } from '../audit/audit.service.js';
import type { RetentionService } from './retention.service.js';

/** A building's privacy page: retention periods, what each category holds, the sweep; read by auditors, changed by account administrators. */
export function privacyRoutes(app: App, deps: { authenticator: Authenticator; retention: RetentionService }): void {
  const { retention } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/privacy',
      {
        config: { access: { rights: ['account/view_audit'] } },
        schema: {
          tags: ['privacy'],
          summary:
            "A building's retention periods (its own, the installation's VIGIL_RETENTION_* or the default), how much each category holds, and when the sweep runs (account/view_audit)",
          querystring: privacyQuerySchema,
          response: replies(privacyReplySchema),
        },
      },
      (request) => retention.get(principalOf(request), request.query.domain_uuid),
    );
    scope.put(
      '/api/v1/privacy',
      {
        config: { access: { rights: ['account/edit'] } },
        schema: {
          tags: ['privacy'],
          summary:
            "Changes a building's retention periods in days (null: back to the installation's; the audit trail's at least its floor, VIGIL_AUDIT_RETENTION_MIN_DAYS, a year by default); audited (account/edit)",
          body: privacyUpdateSchema,
          response: replies(privacyReplySchema),
        },
      },
      (request) => retention.update(principalOf(request), actorOf(request), request.body),
    );
  });
}
