import { Alert, Badge, Button, Code, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/http';
import { useClientErrors } from '../api/get-client-errors';

const when = (iso: string) => new Date(iso).toLocaleString();

/** /staff/errors: what browsers ran into (network failures, player errors, uncaught script errors), newest first. */
export default function ClientErrorsPage({ title }: { title: string }) {
  const errors = useClientErrors();
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" size="sm">
              Failures browsers reported in the last 30 days, newest first. Passwords, signatures and tokens are removed.
            </Text>
          </div>
          <Button variant="light" onClick={() => void errors.refetch()} loading={errors.isFetching}>
            Refresh
          </Button>
        </Group>
        {errors.isPending ? (
          <PageLoader label="Loading client errors" />
        ) : errors.isError ? (
          <Alert color="red" title="Error" role="alert">
            Could not load the client errors: {errorMessage(errors.error)}
          </Alert>
        ) : errors.data.length === 0 ? (
          <Text>No browser has reported an error. Network failures and player errors appear here when they happen.</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder aria-label="Client errors" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Page</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.data.map((error) => (
                  <Table.Tr key={error.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(error.at)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" style={{ overflow: 'visible' }}>
                        {error.kind}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{error.user_email ?? 'unknown'}</Table.Td>
                    <Table.Td>
                      <Code>{error.page}</Code>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {error.message}
                      {error.detail && (
                        <Text size="xs" c="dimmed">
                          {error.detail}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
