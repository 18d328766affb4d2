import { APP_VERSION } from '@vigil/contract';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Config } from '../../config.js';
import { geocoderFor } from '../../geo/geocoder-clients.js';
import { timezones } from '../../geo/timezones.js';
import { UspsClient } from '../../geo/usps.js';
import { worldGazetteer } from '../../geo/world-towns.js';
import type { App } from '../../lib/routes.js';
import { mapsRoutes } from './maps.routes.js';
import { MapsService } from './maps.service.js';

/** The maps and postal calls of onboarding, over the services the configuration names (offline when it names none). */
export function wireMaps(app: App, deps: { config: Config; authenticator: Authenticator }): MapsService {
  const { maps, publicUrl } = deps.config;
  // Nominatim's usage policy asks every application to say who it is.
  const userAgent = `Vigil/${APP_VERSION} (+${publicUrl})`;
  const service = new MapsService({
    timezones,
    geocoder: geocoderFor(maps.geocoder, { userAgent }),
    gazetteer: worldGazetteer,
    postal: maps.usps && new UspsClient({ ...maps.usps, userAgent }),
    log: app.log,
  });
  mapsRoutes(app, { authenticator: deps.authenticator, maps: service });
  return service;
}
