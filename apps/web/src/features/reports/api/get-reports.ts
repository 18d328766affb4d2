import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary, reportsReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type ReportsReply = z.infer<typeof reportsReplySchema>;

/** GET /api/reports/v1/reports (keycard/view_reports): the building's reports, newest first. */
export async function getReports(domainId: string, signal?: AbortSignal): Promise<ReportSummary[]> {
  const reply = await apiRequest<ReportsReply>('GET', '/api/reports/v1/reports', {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal && { signal }),
  });
  return reply.reports;
}

export const REPORTS_QUERY_ROOT = ['reports'] as const;

export const reportsQueryOptions = (domainId: string) =>
  queryOptions({
    queryKey: [...REPORTS_QUERY_ROOT, domainId, 'list'] as const,
    queryFn: ({ signal }) => getReports(domainId, signal),
  });

export function useReports(domainId: string | null) {
  return useQuery({ ...reportsQueryOptions(domainId ?? ''), enabled: domainId !== null });
}
