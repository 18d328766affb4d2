import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useConfig } from '../../../lib/api/get-config';

/** A newcomer's account is signed in but holds no entitlement yet. */
export function NoAccess({ email, buildingName }: { email: string | null; buildingName: string | undefined }) {
  const config = useConfig();
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          You have no access yet
        </Title>
        <Text>
          {email ? <b>{email}</b> : 'Your account'} is signed in, but it has not been given access to any part of Vigil
          {buildingName ? ` at ${buildingName}` : ''} yet.
        </Text>
        <Text>
          Ask your care home&apos;s Vigil administrator (usually the manager who set up your account) to grant you access. Once they have,
          log out and log in again.
        </Text>
        {config.data && (
          <Text size="sm">
            No administrator to ask? <Anchor href={config.data.supportUrl}>Contact Vigil support</Anchor>.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
