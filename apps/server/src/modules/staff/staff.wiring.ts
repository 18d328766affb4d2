import type { StaffLink } from '@vigil/contract';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { ClientErrorsRepository } from './client-errors.repository.js';
import { clientErrorsRoutes } from './client-errors.routes.js';
import { ClientErrorsService } from './client-errors.service.js';
import { staffRoutes } from './staff.routes.js';

/** The staff pages' calls: the configured links, and the errors browsers report (kept for a while, then purged). */
export function wireStaff(
  app: App,
  d: { authenticator: Authenticator; links: StaffLink[]; clientErrors: ClientErrorsRepository; clock: Clock },
): ClientErrorsService {
  staffRoutes(app, { authenticator: d.authenticator, links: d.links });
  const clientErrors = new ClientErrorsService(d.clientErrors, d.clock);
  clientErrorsRoutes(app, { authenticator: d.authenticator, clientErrors });
  return clientErrors;
}
