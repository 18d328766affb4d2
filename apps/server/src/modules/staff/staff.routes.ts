import { staffLinksQuerySchema, staffLinksReplySchema, type StaffLink } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { requireEntitlement } from '../../auth/principal.js';
import { replies, type App } from '../../lib/routes.js';

export function staffRoutes(app: App, deps: { authenticator: Authenticator; links: StaffLink[] }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/staff/links',
      {
        config: { access: { rights: ['staff/view_internal_links'] } },
        schema: {
          tags: ['staff'],
          summary: "The staff menu's external links",
          querystring: staffLinksQuerySchema,
          response: replies(staffLinksReplySchema),
        },
      },
      (request) => {
        requireEntitlement(principalOf(request), request.query.domain_uuid, 'staff', 'view_internal_links');
        return { ok: true as const, links: deps.links };
      },
    );
  });
}
