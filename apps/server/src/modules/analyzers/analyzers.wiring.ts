import { ANALYZER } from '@vigil/contract';
import type { Authenticator } from '../../auth/authenticate.js';
import type { App } from '../../lib/routes.js';
import type { Wakeups } from '../../lib/wakeups.js';
import { analyzersRoutes } from './analyzers.routes.js';
import { AnalyzersService } from './analyzers.service.js';

type AnalyzersDeps = Omit<ConstructorParameters<typeof AnalyzersService>[0], 'changes'>;

/** A waiting long poll looks at the database this often, for changes made by other processes (the CLI, other servers). */
const CHANGES_CHECK_MS = 1_500;

/** The analyzers' calls (heartbeat and camera leases, their change channel, gallery) and the staff page that shows them. */
export function wireAnalyzers(
  app: App,
  d: AnalyzersDeps & { authenticator: Authenticator; cameraChanges: Wakeups; idleTimeoutMs: number },
): AnalyzersService {
  const { authenticator, cameraChanges, idleTimeoutMs, ...deps } = d;
  // A long poll sends nothing while it waits: it answers well before the idle-connection timeout would cut it.
  const waitMs = Math.min(ANALYZER.changesWaitSeconds * 1000, Math.floor(idleTimeoutMs / 2));
  const analyzers = new AnalyzersService({ ...deps, changes: { wakeups: cameraChanges, waitMs, checkMs: CHANGES_CHECK_MS } });
  analyzersRoutes(app, { authenticator, detectors: d.detectors, analyzers });
  return analyzers;
}
