import {
  accountParamsSchema,
  accountReplySchema,
  accountsParamsSchema,
  accountsReplySchema,
  changeAccountBodySchema,
  inviteAccountBodySchema,
  revokeAccountReplySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(app: App, deps: { authenticator: Authenticator; accounts: AccountsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/domains/:domainId/accounts',
      {
        config: { access: { rights: ['account/find_all', 'account/view_all'] } },
        schema: {
          tags: ['accounts'],
          summary: 'People of a building: every account holding a role there, and the roles the caller may give',
          params: accountsParamsSchema,
          response: replies(accountsReplySchema, [400, 401, 403]),
        },
      },
      async (request) => ({ ok: true as const, ...(await deps.accounts.list(principalOf(request), request.params.domainId)) }),
    );

    scope.post(
      '/api/v1/domains/:domainId/accounts',
      {
        config: { access: { rights: ['account/add', 'account/create'] } },
        schema: {
          tags: ['accounts'],
          summary: 'Invite an e-mail with a role in the building (the account is made if it is new)',
          params: accountsParamsSchema,
          body: inviteAccountBodySchema,
          response: replies(accountReplySchema, [400, 401, 403, 409]),
        },
      },
      async (request) => ({
        ok: true as const,
        account: await deps.accounts.invite(principalOf(request), request.params.domainId, request.body),
      }),
    );

    scope.put(
      '/api/v1/domains/:domainId/accounts/:userId',
      {
        config: { access: { rights: ['account/edit'] } },
        schema: {
          tags: ['accounts'],
          summary: 'Set the roles an account holds in the building (all changes at once)',
          params: accountParamsSchema,
          body: changeAccountBodySchema,
          response: replies(accountReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => ({
        ok: true as const,
        account: await deps.accounts.change(principalOf(request), request.params.domainId, request.params.userId, request.body.roles),
      }),
    );

    scope.delete(
      '/api/v1/domains/:domainId/accounts/:userId',
      {
        config: { access: { rights: ['account/delete'] } },
        schema: {
          tags: ['accounts'],
          summary: 'Revoke every role an account holds in the building; its live video there ends at once',
          params: accountParamsSchema,
          response: replies(revokeAccountReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => ({
        ok: true as const,
        revoked: await deps.accounts.revoke(principalOf(request), request.params.domainId, request.params.userId),
      }),
    );
  });
}
