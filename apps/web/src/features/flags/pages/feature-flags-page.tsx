import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { FLAG_IDS } from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { clearLocalFlags, useFlags } from '../../../lib/flags';
import { FlagsTable } from '../components/flags-table';

/** /staff/features: server, local and applied flag values; local overrides apply at once and persist in this browser. */
export default function FeatureFlagsPage({ title }: { title: string }) {
  const { flags, ready } = useFlags();
  const rows = FLAG_IDS.map((id) => flags[id]);
  const overrides = rows.filter((flag) => flag.local !== undefined).length;
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
          <Button variant="default" disabled={overrides === 0} onClick={clearLocalFlags}>
            Clear all local overrides
          </Button>
        </Group>
        {!ready && <PageLoader label="Loading server flags" />}
        {ready && overrides > 0 && (
          <Alert variant="light" color="yellow" role="status">
            {overrides === 1 ? '1 flag is' : `${overrides} flags are`} overridden in this browser.
          </Alert>
        )}
        {ready && <FlagsTable flags={rows} />}
      </Stack>
    </Container>
  );
}
