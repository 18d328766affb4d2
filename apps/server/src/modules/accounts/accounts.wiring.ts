import type { AuditService } from '../audit/audit.service.js';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { App } from '../../lib/routes.js';
import type { UserAccess } from '../auth/access.port.js';
import { accountsRoutes } from './accounts.routes.js';
import { AccountsService, type AlertDevices } from './accounts.service.js';

/** The People page's calls: a building's accounts, over the users and roles auth owns. */
export function wireAccounts(
  app: App,
  d: {
    db: Db;
    access: UserAccess;
    authenticator: Authenticator;
    internalEmailDomain: string;
    audit: AuditService;
    /** the devices receiving a user's alerts (Web Push): they end when the user's roles there lose the right */
    alertDevices?: AlertDevices;
  },
): void {
  accountsRoutes(app, {
    authenticator: d.authenticator,
    accounts: new AccountsService(d.db, d.access, d.internalEmailDomain, d.alertDevices),
    audit: d.audit,
  });
}
