import {
  pinCollisionsReplySchema,
  pinEnabledParamsSchema,
  pinEnabledReplySchema,
  resetPinBodySchema,
  resetPinParamsSchema,
  resetPinReplySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { PinsService } from './pins.service.js';

export function pinsRoutes(app: App, deps: { authenticator: Authenticator; pins: PinsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v1/users/:id/reset_pin',
      {
        config: { access: { rights: ['alerting/set_dismiss_pin'] } },
        schema: {
          tags: ['pins'],
          summary: "Set a person's alert-dismissal PIN in one domain ('me' for oneself)",
          params: resetPinParamsSchema,
          body: resetPinBodySchema,
          response: replies(resetPinReplySchema, [400, 401, 403, 404, 409, 429]),
        },
      },
      async (request) => {
        await deps.pins.resetPin(principalOf(request), request.params.id, request.body);
        return { ok: true };
      },
    );

    scope.get(
      '/api/v1/users/:domainId/pin_enabled',
      {
        config: { access: { rights: ['account/administer_user_pin'] } },
        schema: {
          tags: ['pins'],
          summary: 'People whose PIN the caller may set in the domain',
          params: pinEnabledParamsSchema,
          response: replies(pinEnabledReplySchema, [400, 401, 403]),
        },
      },
      async (request) => ({ data: { users: await deps.pins.pinEnabledUsers(principalOf(request), request.params.domainId) } }),
    );

    scope.get(
      '/api/v1/users/:domainId/pin_collisions',
      {
        config: { access: { rights: ['account/administer_user_pin'] } },
        schema: {
          tags: ['pins'],
          summary: "Refused PIN changes (the PIN was someone else's) of the last 30 days: security events for PIN administrators",
          params: pinEnabledParamsSchema,
          response: replies(pinCollisionsReplySchema, [400, 401, 403]),
        },
      },
      async (request) => ({ ok: true as const, collisions: await deps.pins.collisions(principalOf(request), request.params.domainId) }),
    );
  });
}
