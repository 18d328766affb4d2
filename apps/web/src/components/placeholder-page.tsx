import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Stands in for an area that a later version builds; it shows no data, real or made up. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="sm">
          <Title order={1} fz="h2">
            {title}
          </Title>
          <Text>{title} is not available in this version of Vigil yet.</Text>
          <Anchor component={Link} to="/dashboard">
            Back to the dashboard
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
