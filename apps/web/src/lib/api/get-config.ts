import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@vigil/contract';
import { apiRequest } from '../http';

/** GET /api/v1/config (public): sign-in providers, server flag values, footer links. */
export function getConfig(): Promise<ClientConfig> {
  return apiRequest<ClientConfig>('GET', '/api/v1/config', { service: null, auth: false });
}

export const configQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export function useConfig() {
  return useQuery(configQueryOptions());
}
