import type { Authenticator } from '../../auth/authenticate.js';
import type { App } from '../../lib/routes.js';
import { analyzersRoutes } from './analyzers.routes.js';
import { AnalyzersService } from './analyzers.service.js';

type AnalyzersDeps = ConstructorParameters<typeof AnalyzersService>[0];

/** The analyzers' calls (heartbeat and camera leases, gallery) and the staff page that shows them. */
export function wireAnalyzers(app: App, d: AnalyzersDeps & { authenticator: Authenticator }): AnalyzersService {
  const { authenticator, ...deps } = d;
  const analyzers = new AnalyzersService(deps);
  analyzersRoutes(app, { authenticator, detectors: d.detectors, analyzers });
  return analyzers;
}
