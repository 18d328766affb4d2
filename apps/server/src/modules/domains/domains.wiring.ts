import type { Authenticator } from '../../auth/authenticate.js';
import type { App } from '../../lib/routes.js';
import type { DomainsRepository } from './domains.repository.js';
import { domainsRoutes } from './domains.routes.js';
import { DomainsService } from './domains.service.js';

/** The buildings a user may pick. */
export function wireDomains(app: App, d: { authenticator: Authenticator; domains: DomainsRepository }): void {
  domainsRoutes(app, { authenticator: d.authenticator, domains: new DomainsService(d.domains) });
}
