import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { Detector } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useRevokeDetector } from '../api/revoke-detector';

/** The confirm step of Revoke: the machine holding the key is refused here from now on; its row stays, marked revoked. */
export function RevokeKeyDialog({
  detector,
  domainId,
  building,
  onClose,
}: {
  detector: Detector | null;
  domainId: string;
  building: string;
  onClose: () => void;
}) {
  const revoke = useRevokeDetector(domainId);
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={detector !== null} onClose={close} title={detector ? `Revoke ${detector.name}?` : ''} centered>
      {detector && (
        <>
          <Text size="sm">
            {detector.deployment
              ? `This deployment key stops working at ${building} at once; it goes on serving the other buildings.`
              : `Whatever machine holds this key is refused at ${building} from now on. This cannot be undone: a new key would have to be made.`}
          </Text>
          {revoke.isError && (
            <Alert color="red" variant="light" role="alert" mt="md">
              Could not revoke the key: {errorMessage(revoke.error)}
            </Alert>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate(detector.id, { onSuccess: close })}>
              Revoke key
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
