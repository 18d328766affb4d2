import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@vigil/contract';
import { rememberServerEndpoint } from '../api-host';
import { apiRequest } from '../http';

/** GET /api/v1/config (public), from the app's own API: sign-in providers, server flag values, footer links, dev API. */
export async function getConfig(): Promise<ClientConfig> {
  const config = await apiRequest<ClientConfig>('GET', '/api/v1/config', { service: null, auth: false, ownApi: true });
  rememberServerEndpoint(config);
  return config;
}

export const configQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export function useConfig() {
  return useQuery(configQueryOptions());
}
