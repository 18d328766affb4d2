import { APP_VERSION, type BuildInfo } from '@vigil/contract';

/** What this bundle was built from; empty hosts mean the page's own origin. */
export const BUILD_INFO: BuildInfo = {
  version: APP_VERSION,
  gitBranch: __VIGIL_GIT_BRANCH__,
  gitCommit: __VIGIL_GIT_COMMIT__,
  buildTime: __VIGIL_BUILD_TIME__,
  apiHost: __VIGIL_API_HOST__,
  socketHost: __VIGIL_SOCKET_HOST__,
};

/** A host as shown to people: the configured one, or this page's origin. */
export function describeHost(host: string): string {
  return host === '' ? `${window.location.origin} (same origin)` : host;
}
