import { Alert, Button } from '@mantine/core';
import { HttpError, errorMessage } from '../../../lib/http';

/** A list that failed to load: the spec's entitlement text on 403, else the server's message with a way to try again. */
export function AlertsLoadError({ error, noAccess, onRetry }: { error: unknown; noAccess: string; onRetry: () => void }) {
  if (error instanceof HttpError && error.status === 403) {
    return (
      <Alert color="red" role="alert">
        {noAccess}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title="Could not load alerts">
      {errorMessage(error)}
      <div>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}
