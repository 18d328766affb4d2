import type { AuditService } from '../audit/audit.service.js';
import type { Provider } from '@vigil/contract';
import { createBuiltInProvider, type BuiltInProviderOptions } from '../../auth/builtin-provider.js';
import { googleIssuer, microsoftIssuer, type TrustedIssuer } from '../../auth/id-token-verifier.js';
import { databaseAdapter } from '../../auth/oidc-adapter.js';
import { SessionsRepository } from '../../auth/sessions.repository.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { AccessRepository } from './access.repository.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { clientConfigFor } from './client-config.js';

/**
 * Sign-in: Google and Microsoft by client id, or (demo mode: none configured, VIGIL_DEMO not off) the built-in provider
 * playing both, whose sign-in page lists `demoAccounts`. With any real provider configured its routes are 404.
 */
export async function wireAuth(
  app: App,
  d: {
    config: Config;
    database: DatabaseHandle;
    clock: Clock;
    access: AccessRepository;
    /** the accounts the built-in provider's sign-in page offers (the demo's) */
    demoAccounts: BuiltInProviderOptions['accounts'];
    audit: AuditService;
    /** what ends with a session: its live viewings */
    beforeSignOut?: (token: string) => Promise<void>;
  },
): Promise<{ auth: AuthService; sessions: SessionsRepository }> {
  const { config, clock } = d;
  const builtIn = !config.demoSignIn
    ? undefined
    : await createBuiltInProvider({
        publicUrl: config.publicUrl,
        trustProxy: config.trustProxy !== false,
        dataDir: config.dataDir,
        secret: config.secret,
        adapter: databaseAdapter(d.database.db, clock),
        accounts: d.demoAccounts,
      });
  builtIn?.register(app);

  const trustedIssuers: Record<Provider, TrustedIssuer | undefined> = {
    google: config.google ? googleIssuer(config.google.clientId) : builtIn?.trusted('google'),
    microsoft: config.microsoft
      ? microsoftIssuer(config.microsoft.clientId, config.microsoft.tenant ?? 'common')
      : builtIn?.trusted('microsoft'),
  };
  const trusted = (name: Provider): TrustedIssuer => {
    const issuer = trustedIssuers[name];
    if (!issuer) throw new Error(`No sign-in provider for ${name}`);
    return issuer;
  };
  const sessions = new SessionsRepository(d.database.db, clock, config.sessionTtlHours * 3600 * 1000);
  const auth = new AuthService(d.access, sessions, trusted, config.internalEmailDomain, d.beforeSignOut);
  authRoutes(app, { auth, clientConfig: clientConfigFor(config, builtIn), audit: d.audit });
  return { auth, sessions };
}
