import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { apiUrl } from '../../../lib/http';
import { reportPath } from './get-report';

export interface ReportCsvInput {
  domainId: string;
  reportId: string;
  /** the name to save under when the reply names none */
  fileName: string;
}

/** GET /api/reports/v1/reports/{id}?domain_uuid=&format=csv (part 2 §7): the report as a CSV file, saved. */
export function downloadReportCsv({ domainId, reportId, fileName }: ReportCsvInput): Promise<void> {
  return downloadFile(apiUrl(reportPath(reportId), { domain_uuid: domainId, format: 'csv' }, ''), fileName);
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}
