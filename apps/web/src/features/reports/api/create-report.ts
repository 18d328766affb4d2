import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createReportReplySchema, ReportKind } from '@vigil/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';
import { REPORTS_QUERY_ROOT } from './get-reports';

export type CreateReportReply = z.infer<typeof createReportReplySchema>;

export interface CreateReportInput {
  domain_uuid: string;
  kind: ReportKind;
  /** ISO UTC */
  start: string;
  end: string;
}

/** POST /api/reports/v1/reports (keycard/view_reports): a report of a kind over a period, made now; its id. */
export function createReport(body: CreateReportInput): Promise<CreateReportReply> {
  return apiRequest<CreateReportReply>('POST', '/api/reports/v1/reports', { service: null, body });
}

/** The list shows the new report next time it is seen. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: (_reply, { domain_uuid }) => queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_ROOT, domain_uuid, 'list'] }),
  });
}
