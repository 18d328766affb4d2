import { Alert, Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '@vigil/contract';
import { ENTITLEMENTS_QUERY_KEY } from '../lib/api/get-entitlements';

/** 'There was a problem loading user permissions: …' with a way to try again. */
export function PermissionsErrorAlert({ message }: { message: string }) {
  const queryClient = useQueryClient();
  return (
    <Alert color="red" role="alert">
      {AUTH_MESSAGES.permissions}
      {message}
      <div>
        <Button
          mt="sm"
          size="xs"
          variant="light"
          color="red"
          onClick={() => void queryClient.refetchQueries({ queryKey: ENTITLEMENTS_QUERY_KEY })}
        >
          Try again
        </Button>
      </div>
    </Alert>
  );
}
