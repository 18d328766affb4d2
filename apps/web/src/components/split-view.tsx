import type { ReactNode } from 'react';
import { Alert, Box, Button, Stack } from '@mantine/core';

/** The list beside the detail (part 2 §2 split views); at phone width one of them, the detail when one is selected. */
export function SplitView({
  phone,
  showDetail,
  listWidth,
  list,
  detail,
}: {
  phone: boolean;
  showDetail: boolean;
  listWidth: number;
  list: ReactNode;
  detail: ReactNode;
}) {
  if (phone) return <Box style={{ flex: 1, minHeight: 0 }}>{showDetail ? detail : list}</Box>;
  return (
    <Box style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: `${listWidth}px minmax(0, 1fr)`, gap: 16 }}>
      {list}
      {detail}
    </Box>
  );
}

/** A split view's page: the header, then the view filling the window's height. */
export function SplitPage({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Stack
      gap="sm"
      h="calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))"
      mih={480}
      style={{ display: 'flex' }}
    >
      {header}
      {children}
    </Stack>
  );
}

/** What could not be loaded, why, and a way to try again. */
export function LoadErrorAlert({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <Alert color="red" role="alert" title="Error">
      Could not load {what}: {message}
      <div>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}
