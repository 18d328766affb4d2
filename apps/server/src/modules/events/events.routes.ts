import { eventsQuerySchema, eventsReplySchema } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { EventsService } from './events.service.js';

export function eventsRoutes(app: App, deps: { authenticator: Authenticator; events: EventsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/events/v1/alerts',
      {
        config: { access: { rights: ['alerting/view_historic'] } },
        schema: {
          tags: ['events'],
          summary: "A domain's object-detection events, newest first, one keyset page at a time (alerting/view_historic)",
          description:
            'Pass the paginationToken of a reply as pagination_token to get the next (older) page. The token is a stable cursor: ' +
            'events that arrive meanwhile never shift a page. alerted=true keeps only events that the alert settings turned into alerts.',
          querystring: eventsQuerySchema,
          response: replies(eventsReplySchema, [400, 401, 403]),
        },
      },
      (request) => deps.events.list(principalOf(request), request.query),
    );
  });
}
