import { Badge, Tooltip } from '@mantine/core';
import { useLiveSocketStatus, type LiveSocketStatus } from '../../../lib/socket';

const LOOKS: Record<LiveSocketStatus, { label: string; color: string; hint: string }> = {
  live: { label: 'Live', color: 'teal', hint: 'New alerts appear here as they happen.' },
  connecting: { label: 'Connecting…', color: 'gray', hint: 'Connecting for live updates.' },
  offline: {
    label: 'Reconnecting…',
    color: 'yellow',
    hint: 'The live connection dropped; the list still refreshes and catches up when it is back.',
  },
  refused: {
    label: 'Live updates off',
    color: 'red',
    hint: 'The server refused live updates; the list still refreshes. Signing in again may help.',
  },
  off: { label: 'Live updates off', color: 'gray', hint: 'Not connected for live updates.' },
};

/** Whether new alerts arrive by themselves: the state of the live socket. */
export function LiveStatus() {
  const look = LOOKS[useLiveSocketStatus()];
  return (
    <Tooltip label={look.hint} multiline w={260} withArrow>
      <Badge
        color={look.color}
        variant="dot"
        size="lg"
        role="status"
        aria-label={`Live updates: ${look.label}`}
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {look.label}
      </Badge>
    </Tooltip>
  );
}
