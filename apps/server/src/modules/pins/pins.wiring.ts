import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { UserAccess } from '../auth/access.port.js';
import type { PinsRepository } from './pins.repository.js';
import { pinsRoutes } from './pins.routes.js';
import { PinsService } from './pins.service.js';

/** PINs: set and checked here; alerts dismiss with one through the service returned. */
export function wirePins(
  app: App,
  d: { db: Db; pins: PinsRepository; access: UserAccess; authenticator: Authenticator; secret: Buffer; clock: Clock },
): PinsService {
  const pins = new PinsService(d.db, d.pins, d.access, d.secret, d.clock, app.log);
  pinsRoutes(app, { authenticator: d.authenticator, pins });
  return pins;
}
