import { useMutation } from '@tanstack/react-query';
import type { AuditFlagBody } from '@vigil/contract';
import { reportClientError } from '../../../lib/client-errors';
import { HttpError, apiRequest, errorMessage } from '../../../lib/http';

/** POST /api/v1/audit/flags: tells the audit trail that a flag was overridden (or its override cleared) in this browser. */
export async function reportFlagChange(body: AuditFlagBody): Promise<void> {
  await apiRequest('POST', '/api/v1/audit/flags', { service: null, body });
}

export function useReportFlagChange() {
  return useMutation({
    mutationFn: reportFlagChange,
    onError: (error, body) => {
      // An unreachable server is already reported by the API client; a refusal is reported here.
      if (!(error instanceof HttpError && error.status === 0))
        reportClientError('network', `POST /api/v1/audit/flags (${body.flag}): ${errorMessage(error)}`, error);
    },
  });
}
