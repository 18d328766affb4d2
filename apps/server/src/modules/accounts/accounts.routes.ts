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
import type { AuditService } from '../audit/audit.service.js';
import type { AccountsService } from './accounts.service.js';

export function accountsRoutes(app: App, deps: { authenticator: Authenticator; accounts: AccountsService; audit: AuditService }): void {
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
      async (request) => {
        const account = await deps.accounts.invite(principalOf(request), request.params.domainId, request.body);
        await deps.audit.recordRequest(request, {
          action: 'changed_role',
          domain: request.params.domainId,
          subject: account.user_id,
          detail: { change: 'invited', account: account.email, roles: account.roles.join(',') },
        });
        return { ok: true as const, account };
      },
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
      async (request) => {
        const account = await deps.accounts.change(
          principalOf(request),
          request.params.domainId,
          request.params.userId,
          request.body.roles,
        );
        await deps.audit.recordRequest(request, {
          action: 'changed_role',
          domain: request.params.domainId,
          subject: account.user_id,
          detail: { change: 'changed', account: account.email, roles: account.roles.join(',') },
        });
        return { ok: true as const, account };
      },
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
      async (request) => {
        const revoked = await deps.accounts.revoke(principalOf(request), request.params.domainId, request.params.userId);
        await deps.audit.recordRequest(request, {
          action: 'changed_role',
          domain: request.params.domainId,
          subject: request.params.userId,
          detail: { change: 'revoked', roles: revoked.join(',') },
        });
        return { ok: true as const, revoked };
      },
    );
  });
}
