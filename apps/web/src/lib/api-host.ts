import { resolveFlag, type ClientConfig, type FlagValues } from '@vigil/contract';
import { BUILD_INFO } from './build-info';
import { localFlagsStore } from './local-flags';
import { createStore, useStore } from './store';

export const NO_DEV_API_WARNING =
  "The dev endpoint flag is on but the server names no development API (VIGIL_DEV_API_URL): using this app's own API.";

/**
 * Where API calls and the socket go (spec part 1 §3, the dev endpoint flag): with the flag on, the development API the
 * server names; otherwise, or when it names none (with a warning), `ownHost`, this build's host ('' = the page's origin).
 */
export function apiBaseUrl(
  o: { devEndpoint: boolean; devApiUrl: string | null; ownHost: string },
  warn: (message: string) => void = console.warn,
): string {
  if (!o.devEndpoint) return o.ownHost;
  if (o.devApiUrl) return o.devApiUrl.replace(/\/+$/, '');
  warn(NO_DEV_API_WARNING);
  return o.ownHost;
}

/** The server's word on the dev endpoint (from GET /api/v1/config, which always comes from the app's own API). */
const serverEndpointStore = createStore<{ flags: FlagValues; devApiUrl: string | null } | null>(null);

export function rememberServerEndpoint(config: Pick<ClientConfig, 'flags' | 'devApiUrl'>): void {
  serverEndpointStore.set({ flags: config.flags, devApiUrl: config.devApiUrl });
}

let warned = false;
const warnOnce = (message: string) => {
  if (warned) return;
  warned = true;
  console.warn(message);
};

function currentHost(ownHost: string): string {
  const server = serverEndpointStore.get();
  // Before the config has come, the development API is not known yet: the app's own.
  if (!server) return ownHost;
  const devEndpoint = resolveFlag('dev_endpoint', server.flags, localFlagsStore.get()).value;
  return apiBaseUrl({ devEndpoint, devApiUrl: server.devApiUrl, ownHost }, warnOnce);
}

/** The API host of the moment, for calls and for the server-relative media links they return. */
export const currentApiHost = (): string => currentHost(BUILD_INFO.apiHost);
export const currentSocketHost = (): string => currentHost(BUILD_INFO.socketHost);

/** The socket host, again whenever the config arrives or the flag is switched. */
export function useSocketHost(): string {
  useStore(serverEndpointStore);
  useStore(localFlagsStore);
  return currentSocketHost();
}
