/**
 * What the service worker answers itself: the app shell (index.html and the built files, precached), for navigations
 * of the SPA. Everything under these prefixes is the server's, live: it goes to the network as if there were no worker
 * (no route matches it, so the worker never answers it and nothing of it is cached).
 */
export const NETWORK_ONLY_PREFIXES = ['/api/', '/media/', '/socket.io/', '/oidc/', '/interaction/'] as const;

const NETWORK_ONLY_PATTERNS: RegExp[] = NETWORK_ONLY_PREFIXES.map(
  (prefix) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
);

/** Whether a navigation to this path is the SPA's (answered with the shell), not the server's. */
export function isShellNavigation(pathAndSearch: string): boolean {
  return !NETWORK_ONLY_PATTERNS.some((pattern) => pattern.test(pathAndSearch));
}
