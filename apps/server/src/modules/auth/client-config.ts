import type { ClientConfig, Provider } from '@vigil/contract';
import type { BuiltInProvider } from '../../auth/builtin-provider.js';
import type { Config } from '../../config.js';

/** What the web app is told at start (GET /api/v1/config): the sign-in providers it offers, flags and links. */
export function clientConfigFor(config: Config, builtIn: BuiltInProvider | undefined): ClientConfig {
  // Real providers return to VIGIL_PUBLIC_URL (their registered redirect URI); the built-in one to the page's origin.
  const redirectUri = `${config.publicUrl}/`;
  const google = config.google && {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    clientId: config.google.clientId,
    builtIn: false,
    redirectUri,
  };
  const microsoft = config.microsoft && {
    authorizeUrl: `https://login.microsoftonline.com/${config.microsoft.tenant ?? 'common'}/oauth2/v2.0/authorize`,
    clientId: config.microsoft.clientId,
    builtIn: false,
    redirectUri,
  };
  const demo = (name: Provider) => builtIn && { authorizeUrl: builtIn.authorizeUrl, clientId: builtIn.clientIds[name], builtIn: true };
  return {
    // In demo mode the built-in provider plays both; otherwise only what is configured is offered.
    providers: builtIn ? { google: demo('google') || undefined, microsoft: demo('microsoft') || undefined } : { google, microsoft },
    flags: config.flags,
    supportUrl: config.supportUrl,
    requestAccountUrl: config.requestAccountUrl,
    map: { tileUrl: config.maps.tileUrl, attribution: config.maps.attribution },
    onboarding: { snapshotHosts: config.maps.snapshotHosts },
    devApiUrl: config.devApiUrl,
  };
}
