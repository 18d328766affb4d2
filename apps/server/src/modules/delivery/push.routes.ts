import {
  PUSH_ACKNOWLEDGE_PATH,
  PUSH_LIMITS,
  pushAcknowledgeBodySchema,
  pushAcknowledgeReplySchema,
  pushKeyReplySchema,
  pushSubscribeBodySchema,
  pushSubscriptionParamsSchema,
  pushSubscriptionReplySchema,
  pushSubscriptionsQuerySchema,
  pushSubscriptionsReplySchema,
  pushTestBodySchema,
  pushTestReplySchema,
  pushUnsubscribeReplySchema,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { HttpError } from '../../lib/http-error.js';
import { replies, type App } from '../../lib/routes.js';
import type { PushSubscriptionsService } from './push-subscriptions.service.js';

/** `max` requests a minute per signed-in user (or, without a session, per address), then 429 saying when to try again. */
function perMinute(name: string, max: number, what: string) {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.principal?.user.id ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many ${what}: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    },
  };
}

const receivers = { rights: ['alerting/receive_er_alerts'] } as const;

export function pushRoutes(app: App, deps: { authenticator: Authenticator; push: PushSubscriptionsService }): void {
  const { push } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/push/key',
      {
        config: { access: receivers },
        schema: {
          tags: ['alerts'],
          summary: "The installation's VAPID public key (a browser's applicationServerKey, base64url)",
          response: replies(pushKeyReplySchema, [401, 403]),
        },
      },
      () => push.publicKey(),
    );
    scope.post(
      '/api/v1/push/subscriptions',
      {
        config: { access: receivers, rateLimit: perMinute('push-subscribe', PUSH_LIMITS.subscribesPerMinute, 'devices turned on') },
        schema: {
          tags: ['alerts'],
          summary: "This device receives a building's elopement alerts (alerting/receive_er_alerts there) until this session ends",
          description:
            'The endpoint must be an https URL of a push service on a public address (VIGIL_PUSH_ALLOW_HOSTS admits more). ' +
            'The same endpoint in the same building replaces its subscription. Logout, losing the right there, or the push ' +
            'service forgetting the device (404/410) ends it.',
          body: pushSubscribeBodySchema,
          response: replies(pushSubscriptionReplySchema, [400, 401, 403, 409, 429]),
        },
      },
      async (request) => ({ ok: true as const, subscription: await push.subscribe(principalOf(request), request.body) }),
    );
    scope.get(
      '/api/v1/push/subscriptions',
      {
        config: { access: receivers },
        schema: {
          tags: ['alerts'],
          summary: "The caller's own devices that receive a building's alerts",
          querystring: pushSubscriptionsQuerySchema,
          response: replies(pushSubscriptionsReplySchema, [400, 401, 403]),
        },
      },
      async (request) => ({ ok: true as const, subscriptions: await push.list(principalOf(request), request.query.domain_uuid) }),
    );
    scope.delete(
      '/api/v1/push/subscriptions/:id',
      {
        config: { access: receivers },
        schema: {
          tags: ['alerts'],
          summary: "Turn off one of the caller's own devices (404 for any other)",
          params: pushSubscriptionParamsSchema,
          response: replies(pushUnsubscribeReplySchema, [400, 401, 403, 404]),
        },
      },
      async (request) => {
        await push.unsubscribe(principalOf(request), request.params.id);
        return { ok: true as const };
      },
    );
    scope.post(
      '/api/v1/push/test',
      {
        config: { access: receivers, rateLimit: perMinute('push-test', PUSH_LIMITS.testsPerMinute, 'test notifications') },
        schema: {
          tags: ['alerts'],
          summary: "Send a test notification to one of the caller's devices now (not queued), and say whether its push service took it",
          body: pushTestBodySchema,
          response: replies(pushTestReplySchema, [400, 401, 403, 404, 429]),
        },
      },
      async (request) => ({ ok: true as const, ...(await push.test(principalOf(request), request.body.subscription_id)) }),
    );
  });

  // The service worker's "I'm on it", from a lock screen: no session, the notification's token instead.
  app.post(
    PUSH_ACKNOWLEDGE_PATH,
    {
      config: { rateLimit: perMinute('push-ack', PUSH_LIMITS.acknowledgesPerMinute, 'acknowledgements from this address') },
      schema: {
        tags: ['alerts'],
        summary: "A notification's \"I'm on it\": acknowledges its alert for the device's user, without a session",
        description:
          'The token is the one the notification carried (HMAC over the subscription and the alert under the server secret). ' +
          'It acknowledges while the subscription lives and its user holds alerting/receive_er_alerts in the building; ' +
          '403 otherwise, 404 for an alert that is no more, 409 when it was already acknowledged or dismissed.',
        security: [],
        body: pushAcknowledgeBodySchema,
        response: replies(pushAcknowledgeReplySchema, [400, 403, 404, 409, 429]),
      },
    },
    async (request) => ({ ok: true as const, ...(await push.acknowledge(request.body)) }),
  );
}
