import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/http';
import { usePinCollisions } from '../api/get-pin-collisions';

/** For PIN administrators: refused PIN changes (the PIN was someone else's) are security events worth a look. */
export function PinCollisions({ domainId }: { domainId: string }) {
  const collisions = usePinCollisions(domainId, true);
  return (
    <Paper withBorder p="md" radius="md" maw={560} component="section" aria-label="Refused PINs">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Refused PINs
        </Title>
        <Text size="sm" c="dimmed">
          PIN changes refused in the last 30 days because another person in this building holds that PIN. Many refusals by one person may be
          someone trying to learn a colleague&apos;s PIN.
        </Text>
        {collisions.isError ? (
          <Alert color="red" variant="light" role="alert">
            Could not load the refused PINs: {errorMessage(collisions.error)}
          </Alert>
        ) : collisions.data?.length === 0 ? (
          <Text size="sm">None.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {collisions.data?.map((c) => (
              <List.Item key={`${c.at}-${c.by.email}`}>
                {new Date(c.at).toLocaleString()}: {c.by.name} ({c.by.email}) for {c.for_name ?? 'a person no longer here'}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
