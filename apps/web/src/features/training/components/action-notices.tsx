import { Notification, Stack } from '@mantine/core';
import type { Notice } from '../hooks/use-notices';

/** The outcome of answers, in the corner: failures say what went wrong; 'Visitor added. Please refresh.'. */
export function ActionNotices({ notices, onClose }: { notices: readonly Notice[]; onClose: (id: number) => void }) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" pos="fixed" bottom={16} right={16} w={360} maw="calc(100vw - 32px)" style={{ zIndex: 400 }}>
      {notices.map((notice) => (
        <Notification
          key={notice.id}
          color={notice.tone === 'error' ? 'red' : 'teal'}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          withBorder
          onClose={() => onClose(notice.id)}
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          {notice.message}
        </Notification>
      ))}
    </Stack>
  );
}
