import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { ACCOUNT_MESSAGES, type Account, type AccountsReply } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useChangeAccount } from '../api/change-account';
import { RevokeAccountDialog } from './revoke-account-dialog';

type Role = AccountsReply['roles'][number];

/** One person of the building: their roles, and (unless it is the caller) a roles editor and a Revoke button. */
export function AccountRow({
  account,
  roles,
  domainId,
  building,
  canChange,
  canRevoke,
}: {
  account: Account;
  roles: readonly Role[];
  domainId: string;
  building: string;
  canChange: boolean;
  canRevoke: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<string[]>(account.roles);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const change = useChangeAccount();
  const named = account.display_name !== account.email;
  // Roles the caller may not give cannot be ticked or unticked here.
  const assignable = new Set(roles.filter((r) => r.assignable).map((r) => r.name));
  const mayTake = account.roles.every((r) => assignable.has(r));

  function save() {
    if (selected.length === 0) return setError('Keep at least one role, or revoke their access.');
    setError(null);
    change.mutate(
      { domainId, userId: account.user_id, roles: selected },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  }

  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={account.email} style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {named ? account.display_name : account.email}
              {account.you && (
                <Badge ml="xs" variant="outline" size="sm" tt="none">
                  You
                </Badge>
              )}
            </Text>
            {named && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {account.email}
              </Text>
            )}
          </div>
          <Group gap={6} aria-label="Roles" role="list">
            {account.roles.map((role) => (
              <Badge key={role} variant="light" tt="none" role="listitem">
                {role}
              </Badge>
            ))}
          </Group>
        </Group>
        {account.you && (
          <Text size="xs" c="dimmed">
            {ACCOUNT_MESSAGES.ownAccess}
          </Text>
        )}
        {!account.you && editing && (
          <Checkbox.Group label="Roles in this building" value={selected} onChange={setSelected}>
            <Stack gap={6} mt={6}>
              {roles.map((role) => (
                <Checkbox
                  key={role.name}
                  value={role.name}
                  label={role.name}
                  description={role.description}
                  disabled={!assignable.has(role.name)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!account.you && (canChange || canRevoke) && (
          <Group gap="xs">
            {canChange && !editing && (
              <Button
                size="xs"
                variant="light"
                disabled={!mayTake}
                onClick={() => {
                  setSelected(account.roles);
                  setEditing(true);
                }}
              >
                Change roles
              </Button>
            )}
            {editing && (
              <>
                <Button size="xs" onClick={save} loading={change.isPending}>
                  Save roles
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setEditing(false);
                    setSelected(account.roles);
                    setError(null);
                  }}
                >
                  Cancel
                </Button>
              </>
            )}
            {canRevoke && !editing && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(true)} disabled={!mayTake}>
                Revoke
              </Button>
            )}
            {!mayTake && (
              <Text size="xs" c="dimmed">
                They hold a role you may not give, so only someone who may can change it.
              </Text>
            )}
          </Group>
        )}
      </Stack>
      <RevokeAccountDialog account={account} domainId={domainId} building={building} opened={revoking} onClose={() => setRevoking(false)} />
    </Paper>
  );
}
