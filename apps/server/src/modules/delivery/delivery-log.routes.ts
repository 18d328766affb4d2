import { deliveryLogQuerySchema, deliveryLogReplySchema } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { DeliveryLogService } from './delivery-log.service.js';

export function deliveryLogRoutes(app: App, deps: { authenticator: Authenticator; log: DeliveryLogService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/alerts/deliveries',
      {
        config: { access: { rights: ['alerting/edit'] } },
        schema: {
          tags: ['alerts'],
          summary: "A building's alert deliveries (push, MQTT, webhooks), newest first, with every try (alerting/edit)",
          description:
            'Each delivery is one message of one alert step to one target (a device, the broker, a webhook), retried with ' +
            'back-off; each try says when, what the far end answered, the error and how long it took. A webhook is shown ' +
            'by its address without the query string; no secret is ever shown.',
          querystring: deliveryLogQuerySchema,
          response: replies(deliveryLogReplySchema, [400, 401, 403]),
        },
      },
      (request) => deps.log.list(principalOf(request), request.query),
    );
  });
}
