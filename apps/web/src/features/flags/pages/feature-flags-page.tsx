import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { FLAG_IDS } from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { useFlags } from '../../../lib/flags';
import { errorMessage } from '../../../lib/http';
import { FlagsTable } from '../components/flags-table';
import { useLocalFlagOverrides } from '../hooks/use-local-flag-overrides';

/** /staff/features: server, local and applied flag values; local overrides apply at once and persist in this browser. */
export default function FeatureFlagsPage({ title }: { title: string }) {
  const { flags, ready } = useFlags();
  const rows = FLAG_IDS.map((id) => flags[id]);
  const overrides = rows.filter((flag) => flag.local !== undefined).length;
  const local = useLocalFlagOverrides();
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" size="sm">
              Click a local value to flip that flag in this browser only. Local wins over server, which wins over the default.
            </Text>
          </div>
          <Button variant="default" disabled={overrides === 0} onClick={local.clearAll}>
            Clear all local overrides
          </Button>
        </Group>
        {!ready && <PageLoader label="Loading server flags" />}
        {ready && overrides > 0 && (
          <Alert variant="light" color="yellow" role="status">
            {overrides === 1 ? '1 flag is' : `${overrides} flags are`} overridden in this browser.
          </Alert>
        )}
        {local.reportError && (
          <Alert color="red" title="Error" role="alert" withCloseButton onClose={local.dismissReportError}>
            The change applies in this browser, but the audit trail did not record it: {errorMessage(local.reportError)}
          </Alert>
        )}
        {ready && <FlagsTable flags={rows} onSetLocal={local.setLocal} />}
      </Stack>
    </Container>
  );
}
