import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { REPORT_KINDS, REPORT_TITLES, type ReportKind } from '@vigil/contract';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { useCreateReport } from '../api/create-report';
import { defaultReportForm, reportPeriodRequest, type ReportFormValues } from '../lib/report-form';

const KIND_OPTIONS = REPORT_KINDS.map((kind) => ({ value: kind, label: REPORT_TITLES[kind] }));

/** "Generate report": a kind over whole days of the building's time zone (last 7 by default); opens it when made. */
export function GenerateReportForm({ domainId, timeZone }: { domainId: string; timeZone: string }) {
  const [values, setValues] = useState<ReportFormValues>(() => defaultReportForm(Date.now(), timeZone));
  const [invalid, setInvalid] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const create = useCreateReport();
  const navigate = useNavigate();
  const change = (patch: Partial<ReportFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setInvalid(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const period = reportPeriodRequest(values, Date.now(), timeZone);
    if (!period.ok) return setInvalid(period);
    create.mutate(
      { domain_uuid: domainId, kind: values.kind, start: period.start, end: period.end },
      { onSuccess: (reply) => void navigate(`/report/${reply.id}`) },
    );
  }

  const errorOf = (field: 'from' | 'to') => (invalid?.field === field ? invalid.message : undefined);
  return (
    <Paper component="form" withBorder radius="md" p="md" onSubmit={submit} noValidate aria-label="Generate report">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Generate report
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Report"
            data={KIND_OPTIONS}
            value={values.kind}
            onChange={(event) => change({ kind: event.currentTarget.value as ReportKind })}
          />
          <TextInput
            type="date"
            label="First day"
            value={values.from}
            onChange={(event) => change({ from: event.currentTarget.value })}
            error={errorOf('from')}
          />
          <TextInput
            type="date"
            label="Last day"
            value={values.to}
            onChange={(event) => change({ to: event.currentTarget.value })}
            error={errorOf('to')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Whole days in {timeZone}, the first and last included; today counts up to now.
        </Text>
        {create.isError && (
          <Alert color="red" title="Error" role="alert">
            Could not generate the report: {errorMessage(create.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Generate report
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
