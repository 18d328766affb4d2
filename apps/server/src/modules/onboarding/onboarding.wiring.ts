import type { AuditService } from '../audit/audit.service.js';
import { APP_VERSION } from '@vigil/contract';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Config } from '../../config.js';
import { geocoderFor } from '../../geo/geocoder-clients.js';
import { timezones } from '../../geo/timezones.js';
import { UspsClient } from '../../geo/usps.js';
import { worldGazetteer } from '../../geo/world-towns.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { OnboardingRepository } from './onboarding.repository.js';
import { onboardingRoutes } from './onboarding.routes.js';
import { OnboardingService, type OnboardingDeps } from './onboarding.service.js';
import { mapsRoutes } from './maps.routes.js';
import { MapsService } from './maps.service.js';

/** What onboarding needs of the video part (VideoWiring). */
type OnboardingVideo = Pick<OnboardingDeps, 'hostAllowed' | 'sealPassword' | 'camerasChanged'>;

/**
 * Building onboarding: domain/new over the video part (camera networks, sealed passwords, recorders), and the maps and
 * postal calls over the services the configuration names (offline when it names none).
 */
export function wireOnboarding(
  app: App,
  deps: {
    config: Config;
    database: DatabaseHandle;
    clock: Clock;
    authenticator: Authenticator;
    onboarding: OnboardingRepository;
    video: OnboardingVideo;
    audit: AuditService;
  },
): void {
  onboardingRoutes(app, {
    authenticator: deps.authenticator,
    audit: deps.audit,
    onboarding: new OnboardingService({
      db: deps.database.db,
      repository: deps.onboarding,
      clock: deps.clock,
      ...deps.video,
    }),
  });
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
}
