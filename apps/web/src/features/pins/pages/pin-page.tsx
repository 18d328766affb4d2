import { Container, Stack } from '@mantine/core';
import { hasOperation } from '@vigil/contract';
import { useViewer } from '../../../lib/viewer';
import { PinCollisions } from '../components/pin-collisions';
import { SetPinPanel } from '../components/set-pin-panel';

/** /account/settings/pin */
export default function PinPage({ title }: { title: string }) {
  const viewerState = useViewer();
  const ready = viewerState.status === 'ready';
  const domainId = ready ? viewerState.domainId : null;
  const canAdminister = ready && hasOperation(viewerState.services, 'account', 'administer_user_pin');
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        {/* Remount per domain so a selection from one building never posts to another. */}
        <SetPinPanel key={domainId ?? 'none'} title={title} domainId={domainId} canAdminister={canAdminister} />
        {canAdminister && domainId && <PinCollisions domainId={domainId} />}
      </Stack>
    </Container>
  );
}
