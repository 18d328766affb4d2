import { domainNewBodySchema, domainNewReplySchema } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OnboardingService } from './onboarding.service.js';

export function onboardingRoutes(
  app: App,
  deps: { authenticator: Authenticator; onboarding: OnboardingService; audit: AuditService },
): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v1/domain/new',
      {
        schema: {
          tags: ['onboarding'],
          summary: 'Onboard a building (staff): the building, its cameras and streams in one transaction; recording starts at once',
          body: domainNewBodySchema,
          response: replies(domainNewReplySchema, [400, 401, 403, 409, 413, 429]),
        },
        config: {
          access: { rights: ['staff'] },
          rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (request) => `domain-new:${request.principal?.user.id ?? request.ip}` },
        },
      },
      async (request) => {
        const reply = await deps.onboarding.createForStaff(principalOf(request), request.body);
        for (const camera of reply.cameras)
          await deps.audit.recordRequest(request, {
            action: 'changed_camera',
            domain: reply.domain.uuid,
            camera: camera.uuid,
            detail: { change: 'added', by: 'onboarding' },
          });
        for (const camera of reply.cameras.filter((c) => c.is_exit))
          await deps.audit.recordRequest(request, {
            action: 'changed_camera',
            domain: reply.domain.uuid,
            camera: camera.uuid,
            detail: { change: 'exit', is_exit: true },
          });
        return reply;
      },
    );
  });
}
