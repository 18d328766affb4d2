import { APP_VERSION, type BuildInfo } from '@vigil/contract';

// Outside a Vite build (unit tests) the constants are not defined.
const defined = typeof __VIGIL_BUILD_TIME__ === 'string';

/** What this bundle was built from; empty hosts mean the page's own origin. */
export const BUILD_INFO: BuildInfo = {
  version: APP_VERSION,
  gitBranch: defined ? __VIGIL_GIT_BRANCH__ : 'unknown',
  gitCommit: defined ? __VIGIL_GIT_COMMIT__ : 'unknown',
  buildTime: defined ? __VIGIL_BUILD_TIME__ : 'unknown',
  apiHost: defined ? __VIGIL_API_HOST__ : '',
  socketHost: defined ? __VIGIL_SOCKET_HOST__ : '',
};

/** A host as shown to people: the configured one, or this page's origin. */
export function describeHost(host: string): string {
  return host === '' ? `${window.location.origin} (same origin)` : host;
}
