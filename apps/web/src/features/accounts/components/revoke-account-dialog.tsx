import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { Account } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useRevokeAccount } from '../api/revoke-account';

/** The confirm step of Revoke: every role the account holds in the building goes, and its live video there ends. */
export function RevokeAccountDialog({
  account,
  domainId,
  building,
  opened,
  onClose,
}: {
  account: Account;
  domainId: string;
  building: string;
  opened: boolean;
  onClose: () => void;
}) {
  const revoke = useRevokeAccount();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Revoke ${account.email}?`} centered>
      <Text size="sm">
        {account.email} loses every role at {building} ({account.roles.join(', ')}) at once, and any live video they are watching there
        stops. Their access to other buildings stays.
      </Text>
      {revoke.isError && (
        <Alert color="red" variant="light" role="alert" mt="md">
          {errorMessage(revoke.error)}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} disabled={revoke.isPending}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={revoke.isPending}
          onClick={() => revoke.mutate({ domainId, userId: account.user_id }, { onSuccess: close })}
        >
          Revoke access
        </Button>
      </Group>
    </Modal>
  );
}
