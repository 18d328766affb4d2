import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Last resort when a page throws or its code cannot be downloaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder p="xl" radius="md" maw={480} w="100%">
        <Stack gap="sm">
          <Title order={1} fz="h2">
            Something went wrong
          </Title>
          <Text>Vigil hit an error showing this page: {message}</Text>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
