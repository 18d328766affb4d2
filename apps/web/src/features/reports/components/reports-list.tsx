import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { formatReportDate, type ReportSummary } from '@vigil/contract';
import { Link, useNavigate } from 'react-router';

const reportHref = (report: ReportSummary): string => `/report/${report.id}`;

/** The three dates of a report, in its building's time zone (part 2 §9). */
function datesOf({ metadata }: ReportSummary) {
  return {
    generated: formatReportDate(metadata.generated, metadata.timezone),
    start: formatReportDate(metadata.date_start_ts, metadata.timezone),
    end: formatReportDate(metadata.date_end_ts, metadata.timezone),
  };
}

/** Part 2 §2: the reports, newest first, one row each; a row opens its report (wider screens). */
export function ReportsTable({ reports }: { reports: readonly ReportSummary[] }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Reports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Report name</Table.Th>
            <Table.Th>Date generated</Table.Th>
            <Table.Th>Start date</Table.Th>
            <Table.Th>End date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => {
            const dates = datesOf(report);
            return (
              <Table.Tr
                key={report.id}
                style={{ cursor: 'pointer' }}
                // The name is the link (keyboard, new tab); the rest of the row opens the report too.
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest('a')) void navigate(reportHref(report));
                }}
              >
                <Table.Td>
                  <Anchor component={Link} to={reportHref(report)} fw={500}>
                    {report.metadata.title}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.generated}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.start}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.end}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span size="sm" c="dimmed">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The reports on a phone: a card each, the whole card a link to its report. */
export function ReportsCards({ reports }: { reports: readonly ReportSummary[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Reports" style={{ listStyle: 'none' }}>
      {reports.map((report) => {
        const dates = datesOf(report);
        return (
          <li key={report.id}>
            <Paper component={Link} to={reportHref(report)} withBorder radius="md" p="sm" display="block" style={{ color: 'inherit' }}>
              <Stack gap={2}>
                <Text fw={600} c="blue.8">
                  {report.metadata.title}
                </Text>
                <Field label="Date generated" value={dates.generated} />
                <Field label="Start date" value={dates.start} />
                <Field label="End date" value={dates.end} />
              </Stack>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
