import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, reportReplySchema } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { REPORTS_QUERY_ROOT } from './get-reports';

export type ReportReply = z.infer<typeof reportReplySchema>;

/** The path of one report; with `?format=csv` (reportCsvPath) the same report as a CSV file. */
export const reportPath = (reportId: string): string => `/api/reports/v1/reports/${encodeURIComponent(reportId)}`;

/** GET /api/reports/v1/reports/{id} (keycard/view_reports): one report's table. */
export async function getReport(domainId: string, reportId: string, signal?: AbortSignal): Promise<Report> {
  const reply = await apiRequest<ReportReply>('GET', reportPath(reportId), {
    service: null,
    query: { domain_uuid: domainId },
    ...(signal && { signal }),
  });
  return reply.report;
}

export const reportQueryOptions = (domainId: string, reportId: string) =>
  queryOptions({
    queryKey: [...REPORTS_QUERY_ROOT, domainId, 'one', reportId] as const,
    queryFn: ({ signal }) => getReport(domainId, reportId, signal),
    // A report never changes once made; its picture links are signed, so it is read again after a while.
    staleTime: 5 * 60_000,
  });

export function useReport(domainId: string | null, reportId: string) {
  return useQuery({ ...reportQueryOptions(domainId ?? '', reportId), enabled: domainId !== null });
}
