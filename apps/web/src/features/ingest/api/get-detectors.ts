import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Detector, detectorsReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

/** GET /api/ingest/v1/detectors?domain_uuid=: the building's machine keys, revoked ones included (alerting/edit). */
export async function getDetectors(domainId: string): Promise<Detector[]> {
  const reply = await apiRequest<z.infer<typeof detectorsReplySchema>>('GET', '/api/ingest/v1/detectors', {
    service: null,
    query: { domain_uuid: domainId },
  });
  return reply.detectors;
}

/** Making and revoking a key invalidate this key. */
export const detectorsQueryKey = (domainId: string) => ['detectors', domainId] as const;

export const detectorsQueryOptions = (domainId: string) =>
  queryOptions({ queryKey: detectorsQueryKey(domainId), queryFn: () => getDetectors(domainId) });

export function useDetectors(domainId: string | null) {
  return useQuery({ ...detectorsQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
