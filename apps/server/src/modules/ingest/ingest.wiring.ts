import type { Authenticator } from '../../auth/authenticate.js';
import type { App } from '../../lib/routes.js';
import type { AuditService } from '../audit/audit.service.js';
import type { DetectorsRepository } from './detectors.repository.js';
import { DetectorsService } from './detectors.service.js';
import { detectorsRoutes, ingestRoutes } from './ingest.routes.js';
import { IngestService, type IngestDeps } from './ingest.service.js';

/**
 * The ingest API (detectors' batches: validate, store, and call alerts and faces) and the detector keys it is called
 * with. The keys' service is returned: analyzers are detectors too.
 */
export function wireIngest(
  app: App,
  d: Omit<IngestDeps, 'detectors'> & { authenticator: Authenticator; detectors: DetectorsRepository; audit: AuditService },
): DetectorsService {
  const { authenticator, audit, ...deps } = d;
  const detectors = new DetectorsService(d.db, d.detectors, d.clock, audit);
  const ingest = new IngestService(deps);
  ingestRoutes(app, { ingest, detectors, cameraDomain: async (camera) => (await d.cameras.findOne(camera))?.domain_uuid });
  detectorsRoutes(app, { authenticator, detectors });
  return detectors;
}
