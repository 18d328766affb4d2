import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatReportDate, type Report } from '@vigil/contract';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { errorMessage } from '../../../lib/http';
import { useDownloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import { reportCsvFileName, reportPeriod } from '../lib/report-cells';
import { nextSort, searchIndex, searchRows, sortRows, type ReportSort } from '../lib/report-rows';
import { ReportTable } from './report-table';

const rowCount = (n: number): string => (n === 1 ? '1 row' : `${n.toLocaleString('en-US')} rows`);

function BackButton() {
  return (
    <Button component={Link} to="/report" variant="default">
      Back
    </Button>
  );
}

/** A loaded report: title, period, search, the sortable table, Back and Download (CSV). */
function ReportView({ report, domainId }: { report: Report; domainId: string }) {
  const { metadata, headers, values } = report;
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<ReportSort | null>(null);
  const download = useDownloadReportCsv();
  // Typing stays quick on a long report: the rows follow a moment later.
  const needle = useDeferredValue(term).trim();
  const searching = needle !== '';
  // Every cell's text is worked out once per report, and only when someone searches.
  const index = useMemo(
    () => (searching ? searchIndex(values, headers, metadata.timezone) : null),
    [searching, values, headers, metadata.timezone],
  );
  const rows = useMemo(
    () => sortRows(index ? searchRows(values, index, needle) : values, headers, sort),
    [index, values, needle, headers, sort],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {metadata.title}
          </Title>
          <Text fw={500}>{reportPeriod(metadata)}</Text>
          <Text size="sm" c="dimmed">
            Generated {formatReportDate(metadata.generated, metadata.timezone)}
            {metadata.generated_by ? ` by ${metadata.generated_by}` : ' by the daily schedule'}. Times are in {metadata.timezone}.
          </Text>
        </div>
        <Group gap="xs">
          <BackButton />
          <Button
            loading={download.isPending}
            onClick={() => download.mutate({ domainId, reportId: report.id, fileName: reportCsvFileName(metadata) })}
          >
            Download
          </Button>
        </Group>
      </Group>
      {download.isError && (
        <Alert color="red" title="Error" role="alert" withCloseButton onClose={() => download.reset()}>
          Could not download the report: {errorMessage(download.error)}
        </Alert>
      )}
      {values.length === 0 ? (
        <Text>This report has no rows: nothing of this kind happened in its period.</Text>
      ) : (
        <>
          <TextInput
            label="Search"
            placeholder="Any text in the table"
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            maw={420}
          />
          <Text size="sm" c="dimmed" role="status">
            {searching ? `${rows.length.toLocaleString('en-US')} of ${rowCount(values.length)} match “${needle}”` : rowCount(values.length)}
          </Text>
          {rows.length === 0 ? (
            <Text>No rows match “{needle}”. Try a shorter or different term.</Text>
          ) : (
            <ReportTable
              key={needle}
              title={metadata.title}
              headers={headers}
              rows={rows}
              timeZone={metadata.timezone}
              sort={sort}
              onSort={(key) => setSort((current) => nextSort(current, key))}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** /report/{id}: one report of the current building. */
export function ReportDetail({ reportId }: { reportId: string }) {
  const { domainId, domain } = useCurrentDomain();
  const report = useReport(domainId, reportId);
  if (report.isError)
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="red" title="Error" role="alert" w="100%">
          Could not load this report of {domain?.description ?? 'this building'}: {errorMessage(report.error)}
        </Alert>
        <BackButton />
      </Stack>
    );
  if (!report.data || !domainId) return <PageLoader label="Loading the report" />;
  return <ReportView report={report.data} domainId={domainId} />;
}
