import {
  placesQuerySchema,
  placesReplySchema,
  timezoneQuerySchema,
  timezoneReplySchema,
  zip4QuerySchema,
  zip4ReplySchema,
} from '@vigil/contract';
import { authenticatedScope, type Authenticator } from '../../auth/authenticate.js';
import type { RouteAccess } from '../../auth/route-access.js';
import { replies, type App } from '../../lib/routes.js';
import type { MapsService } from './maps.service.js';

/** Per user and minute: type-ahead asks often; a geocoder's or USPS's quota (60 an hour by default) is shared by everyone. */
export const MAPS_LIMITS = { places: 60, zip4: 20 } as const;

/** Staff holding the staff service in some building: a user who may not onboard learns nothing more than 403. */
const onboarders: RouteAccess = { rights: ['staff'] };

const perUser = (name: string, max: number) => ({
  access: onboarders,
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: { principal?: { user: { id: string } } | undefined; ip: string }) =>
      `${name}:${request.principal?.user.id ?? request.ip}`,
  },
});

/** The maps and postal calls of building onboarding (§7): staff holding the staff service in some building. */
export function mapsRoutes(app: App, deps: { authenticator: Authenticator; maps: MapsService }): void {
  const { maps } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/maps/timezone',
      {
        config: { access: onboarders },
        schema: {
          tags: ['onboarding'],
          summary: "The time zone at a building's point (null at sea), computed offline",
          querystring: timezoneQuerySchema,
          response: replies(timezoneReplySchema),
        },
      },
      (request) => maps.timezone(request.query.location),
    );

    scope.get(
      '/api/v1/maps/places',
      {
        config: perUser('maps-places', MAPS_LIMITS.places),
        schema: {
          tags: ['onboarding'],
          summary: 'Address suggestions for typed text: the configured geocoder, else (or when it fails) the offline gazetteer of towns',
          querystring: placesQuerySchema,
          response: replies(placesReplySchema, [400, 401, 403, 429]),
        },
      },
      (request) => maps.places(request.query.input, request.query.near),
    );

    scope.get(
      '/api/v1/usps/zip4',
      {
        config: perUser('usps-zip4', MAPS_LIMITS.zip4),
        schema: {
          tags: ['onboarding'],
          summary: "The address's ZIP+4 from USPS (verified false when no postal service is configured or it did not answer)",
          querystring: zip4QuerySchema,
          response: replies(zip4ReplySchema, [400, 401, 403, 429]),
        },
      },
      (request) => maps.zip4(request.query),
    );
  });
}
