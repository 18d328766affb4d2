import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientError, ClientErrorsReply } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/v1/client_errors: what browsers reported, newest first (staff, staff/diagnostic_export). */
export async function getClientErrors(): Promise<ClientError[]> {
  const reply = await apiRequest<ClientErrorsReply>('GET', '/api/v1/client_errors', { service: null, query: { limit: 200 } });
  return reply.errors;
}

export const clientErrorsQueryOptions = () => queryOptions({ queryKey: ['staff', 'client-errors'], queryFn: getClientErrors });

export function useClientErrors() {
  return useQuery(clientErrorsQueryOptions());
}
