import type { AuditService } from '../audit/audit.service.js';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { App } from '../../lib/routes.js';
import type { UserAccess } from '../auth/access.port.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';

/** The People page's calls: a building's accounts, over the users and roles auth owns. */
export function wireAccounts(
  app: App,
  d: { db: Db; access: UserAccess; authenticator: Authenticator; internalEmailDomain: string; audit: AuditService },
): void {
  accountsRoutes(app, {
    authenticator: d.authenticator,
    accounts: new AccountsService(d.db, d.access, d.internalEmailDomain),
    audit: d.audit,
  });
}
