import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';
import { tenantReportFileName, unitReportFileName } from '../lib/badge-texts';

/** Whose report: one identity's (Download Tenant Report) or their unit's (Download Unit Report). */
export type CredentialReportTarget = { kind: 'tenant'; identityId: string } | { kind: 'unit'; unit: string };

export interface CredentialReportPdfArgs {
  domainId: string;
  target: CredentialReportTarget;
}

/**
 * GET /api/faces/v1/credentials/report?domain_uuid=&identity_id= or &unit=, &format=pdf (part 2 §7). It needs the
 * session's bearer header, which a plain link cannot send, so it is fetched and saved from memory.
 */
export async function downloadCredentialReport({ domainId, target }: CredentialReportPdfArgs): Promise<void> {
  const who = target.kind === 'tenant' ? { identity_id: target.identityId } : { unit: target.unit };
  const blob = await apiRequest<Blob>('GET', '/api/faces/v1/credentials/report', {
    service: null,
    query: { domain_uuid: domainId, ...who, format: 'pdf' },
    as: 'blob',
  });
  saveBlob(blob, target.kind === 'tenant' ? tenantReportFileName(target.identityId) : unitReportFileName(target.unit));
}

export function useDownloadCredentialReport() {
  return useMutation({ mutationFn: downloadCredentialReport });
}
