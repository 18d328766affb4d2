import { ALERTS_MESSAGES, consentSettingBodySchema, consentSettingQuerySchema, consentSettingReplySchema } from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { actorOf } from '../audit/audit.service.js';
import type { ConsentSettingService } from './consent-setting.service.js';

/** Whether a building's recognition needs consent: read by faces readers, changed with faces/edit there. */
export function consentSettingRoutes(app: App, deps: { authenticator: Authenticator; setting: ConsentSettingService }): void {
  const { setting } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/privacy/consent',
      {
        config: {
          access: {
            rights: ['alerting/receive_er_alerts', 'faces/find_all', 'faces/find_resident'],
            refusal: ALERTS_MESSAGES.facesNoAccess,
          },
        },
        schema: {
          tags: ['privacy'],
          summary: 'Whether recognition in the building needs consent (whoever may read its faces)',
          querystring: consentSettingQuerySchema,
          response: replies(consentSettingReplySchema, [400, 401, 403]),
        },
      },
      (request) => setting.get(principalOf(request), request.query.domain_uuid),
    );

    scope.put(
      '/api/v1/privacy/consent',
      {
        config: { access: { rights: ['faces/edit'] } },
        schema: {
          tags: ['privacy'],
          summary:
            'Whether recognition in the building needs consent (faces/edit): turned on, people without it leave the gallery and models, and the face data kept of them goes',
          body: consentSettingBodySchema,
          response: replies(consentSettingReplySchema, [400, 401, 403]),
        },
      },
      (request) => setting.change(principalOf(request), actorOf(request), request.body.domain_uuid, request.body.required),
    );
  });
}
