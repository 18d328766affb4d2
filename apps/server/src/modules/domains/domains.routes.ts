import { domainsReplySchema } from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { DomainsService } from './domains.service.js';

export function domainsRoutes(app: App, deps: { authenticator: Authenticator; domains: DomainsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v4/domains',
      {
        config: { access: { anySignedInUser: 'only the buildings the caller holds a role in; none is an answer too' } },
        schema: {
          tags: ['domains'],
          summary: 'The domains (buildings) the user may see, with their cameras and preferences',
          body: z.object({ token: z.string().optional() }).nullish(),
          response: replies(domainsReplySchema, [400, 401]),
        },
      },
      async (request) => ({ domains: await deps.domains.domainsFor(principalOf(request)) }),
    );
  });
}
