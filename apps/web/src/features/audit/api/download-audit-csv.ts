import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';
import type { AuditSearch } from '../lib/audit-filters';

export interface AuditCsvInput {
  search: AuditSearch;
  fileName: string;
}

/**
 * GET /api/v1/audit.csv: the same entries as CSV (the server neutralises formula cells). It needs the session's bearer
 * token, which a plain link cannot send, so it is fetched and saved from memory.
 */
export async function downloadAuditCsv({ search, fileName }: AuditCsvInput): Promise<void> {
  const blob = await apiRequest<Blob>('GET', '/api/v1/audit.csv', { service: null, query: search, as: 'blob' });
  saveBlob(blob, fileName);
}

export function useDownloadAuditCsv() {
  return useMutation({ mutationFn: downloadAuditCsv });
}
