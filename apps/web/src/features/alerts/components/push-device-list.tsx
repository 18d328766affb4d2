import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { PushSubscriptionView } from '@vigil/contract';

const since = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** The user's devices that receive this building's alerts, this one marked, each with "Turn off". */
export function PushDeviceList({
  subscriptions,
  thisDeviceId,
  turningOff,
  onTurnOff,
}: {
  subscriptions: readonly PushSubscriptionView[];
  thisDeviceId: string | null;
  turningOff: string | null;
  onTurnOff: (subscription: PushSubscriptionView) => void;
}) {
  if (subscriptions.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Your devices for this building
      </Text>
      <Stack component="ul" role="list" aria-label="Your devices for this building" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {subscriptions.map((subscription) => (
          <Group component="li" key={subscription.id} justify="space-between" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" truncate>
                  {subscription.device_label}
                </Text>
                {subscription.id === thisDeviceId && (
                  <Badge size="xs" variant="outline">
                    This device
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" truncate>
                {subscription.service} · since {since.format(Date.parse(subscription.created_at))}
                {subscription.last_sent_at && ` · last alert ${since.format(Date.parse(subscription.last_sent_at))}`}
              </Text>
            </div>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={turningOff === subscription.id}
              onClick={() => onTurnOff(subscription)}
              aria-label={`Turn off ${subscription.device_label}`}
            >
              Turn off
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
