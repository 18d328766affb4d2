import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { AuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import { AuditService } from './audit.service.js';

/** The one writer every area records its actions with (made before the areas, sign-in included, that use it). */
export function createAudit(d: {
  audit: AuditRepository;
  cameras: Pick<CameraDirectory, 'namesInDomain' | 'findOne'>;
  members?: (domain: string) => Promise<string[]>;
  clock: Clock;
  log?: FastifyBaseLogger;
}): AuditService {
  return new AuditService(d);
}

/** The audit page's calls. */
export function wireAudit(app: App, d: { authenticator: Authenticator; audit: AuditService }): void {
  auditRoutes(app, d);
}
