import { Alert, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REPORTS, hasOperation } from '@vigil/contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useViewer } from '../../../lib/viewer';
import { useReports } from '../api/get-reports';
import { formTimeZone } from '../lib/report-form';
import { GenerateReportForm } from './generate-report-form';
import { ReportsCards, ReportsTable } from './reports-list';

const PHONE = '(max-width: 47.99em)';

/** /report: the building's reports, newest first, and (keycard/view_reports) the form that makes one now. */
export function ReportsOverview({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  const viewerState = useViewer();
  const canGenerate = viewerState.status === 'ready' && hasOperation(viewerState.services, 'keycard', 'view_reports');
  const reports = useReports(domainId);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const building = domain?.description;
  const list = reports.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader title={title} building={building} />
      {/* The form waits for the list: the building's time zone comes with its reports. */}
      {canGenerate && domainId && !reports.isPending && (
        <GenerateReportForm key={domainId} domainId={domainId} timeZone={formTimeZone(list[0]?.metadata.timezone)} />
      )}
      <section aria-label="Generated reports">
        {reports.isPending ? (
          <PageLoader label="Loading the reports" />
        ) : reports.isError ? (
          <Alert color="red" title="Error" role="alert">
            Could not load the reports of {building ?? 'this building'}: {errorMessage(reports.error)}
          </Alert>
        ) : list.length === 0 ? (
          <Stack gap={4}>
            <Text>{REPORTS.empty}</Text>
            <Text size="sm" c="dimmed">
              Reports of the day before are made every night{canGenerate ? '; generate one above for any period.' : '.'}
            </Text>
          </Stack>
        ) : phone ? (
          <ReportsCards reports={list} />
        ) : (
          <ReportsTable reports={list} />
        )}
      </section>
    </Stack>
  );
}
