import { useEffect } from 'react';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { useSession } from '../lib/session';

export function NotFoundPage() {
  const location = useLocation();
  const { authToken } = useSession();
  useEffect(() => {
    document.title = 'Page not found · Vigil';
  }, []);
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper withBorder p="xl" radius="md" maw={440} w="100%">
        <Stack gap="sm">
          <Logo size={32} to={authToken ? '/dashboard' : '/'} />
          <Title order={1} fz="h2">
            Page not found
          </Title>
          <Text>
            There is no page at <code>{location.pathname}</code>.
          </Text>
          <Anchor component={Link} to="/dashboard">
            Go to the dashboard
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
