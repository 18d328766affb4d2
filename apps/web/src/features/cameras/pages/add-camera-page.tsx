import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentDomain } from '../../../lib/current-domain';
import { AddCameraPanel } from '../components/add-camera-panel';

/** /camera/add: the Add Camera panel for the current building, standalone. */
export default function AddCameraPage({ title }: { title: string }) {
  const { domainId, domain } = useCurrentDomain();
  return (
    <Container size="sm" py="md">
      <Stack gap="md">
        <div>
          <Title order={1}>{title}</Title>
          {domain && (
            <Text c="dimmed" size="sm">
              Cameras are added to {domain.description}.{' '}
              <Anchor component={Link} to="/camera/all" size="sm">
                See all cameras
              </Anchor>
            </Text>
          )}
        </div>
        {domainId ? (
          <Paper withBorder p="lg" radius="md">
            <AddCameraPanel domainId={domainId} title="Camera details" />
          </Paper>
        ) : (
          <PageLoader label="Loading buildings" />
        )}
      </Stack>
    </Container>
  );
}
