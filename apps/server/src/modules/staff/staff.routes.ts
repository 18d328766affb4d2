import { canSeeStaffMenu, staffLinksQuerySchema, staffLinksReplySchema, type StaffLink } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { forbidden } from '../../lib/http-error.js';
import { replies, type App } from '../../lib/routes.js';

export function staffRoutes(app: App, deps: { authenticator: Authenticator; links: StaffLink[] }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/staff/links',
      {
        // Whoever sees the staff menu sees all of it (DECISIONS.md).
        config: { access: { rights: ['staff/view_internal_links', 'staff/view_git_info'] } },
        schema: {
          tags: ['staff'],
          summary: "The staff menu's external links",
          querystring: staffLinksQuerySchema,
          response: replies(staffLinksReplySchema),
        },
      },
      (request) => {
        if (!canSeeStaffMenu(principalOf(request).entitlements[request.query.domain_uuid]))
          throw forbidden('You do not have staff/view_internal_links or staff/view_git_info access in this domain.');
        return { ok: true as const, links: deps.links };
      },
    );
  });
}
