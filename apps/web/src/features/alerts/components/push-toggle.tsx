import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/http';
import { PUSH_DEVICE_MESSAGES, guessDeviceLabel, type PushBlocker } from '../../../lib/web-push';
import { usePushTest } from '../api/post-push-test';
import { usePushDevice } from '../hooks/use-push-device';
import type { PushDeviceState } from '../lib/push-device';
import { AlertSoundSwitch } from './alert-sound-switch';
import { PushDeviceList } from './push-device-list';

const BLOCKER_TEXT: Record<PushBlocker, { title: string; detail?: string }> = {
  insecure: { title: PUSH_DEVICE_MESSAGES.insecure, detail: PUSH_DEVICE_MESSAGES.insecureDetail },
  'ios-home-screen': { title: 'Add Vigil to the home screen', detail: PUSH_DEVICE_MESSAGES.iosHomeScreen },
  unsupported: { title: 'No alerts in this browser', detail: PUSH_DEVICE_MESSAGES.unsupported },
  denied: { title: 'Notifications are blocked', detail: PUSH_DEVICE_MESSAGES.denied },
};

const STATUS: Record<PushDeviceState['kind'], { label: string; color: string }> = {
  checking: { label: 'Checking', color: 'gray' },
  blocked: { label: 'Not available', color: 'gray' },
  'no-worker': { label: 'Not available', color: 'gray' },
  'browser-error': { label: 'Not available', color: 'gray' },
  off: { label: 'Off', color: 'gray' },
  on: { label: 'On', color: 'teal' },
};

/**
 * "Alerts on this device" for the selected building: Web Push to this phone or computer (turn on, test, turn off),
 * the user's other devices for the building, and the alert sound of open pages.
 */
export function PushToggle({ domainId, buildingName }: { domainId: string; buildingName: string }) {
  const { state, subscriptions, on, off } = usePushDevice(domainId);
  const test = usePushTest();
  const [label, setLabel] = useState(() => guessDeviceLabel(navigator.userAgent));
  const status = STATUS[state.kind];
  const thisDevice = state.kind === 'on' ? state.subscription : null;

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="device-alerts-title">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} fz="h5" id="device-alerts-title">
            Alerts on this device
          </Title>
          <Badge color={status.color} variant="light" aria-label={`Alerts on this device: ${status.label}`}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {buildingName}&apos;s elopement alerts as notifications, with Vigil closed and the screen off.
        </Text>

        {state.kind === 'blocked' && (
          <Alert color="yellow" title={BLOCKER_TEXT[state.blocker].title}>
            {BLOCKER_TEXT[state.blocker].detail}
          </Alert>
        )}
        {state.kind === 'no-worker' && <Alert color="yellow">{PUSH_DEVICE_MESSAGES.noServiceWorker}</Alert>}
        {state.kind === 'browser-error' && (
          <Alert color="yellow" title="This browser cannot receive alerts here">
            {state.message}
          </Alert>
        )}
        {state.kind === 'checking' && subscriptions.isError && (
          <Alert color="red" role="alert">
            Could not load your devices: {errorMessage(subscriptions.error)}
          </Alert>
        )}

        {state.kind === 'off' && (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Device name"
              description="How this device is listed among yours"
              value={label}
              maxLength={60}
              onChange={(event) => setLabel(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Button onClick={() => on.mutate(label)} loading={on.isPending} disabled={label.trim() === ''}>
              Turn on
            </Button>
          </Group>
        )}
        {thisDevice && (
          <Group gap="xs" wrap="wrap" justify="space-between">
            <Text size="sm">
              On as <b>{thisDevice.device_label}</b>.
            </Text>
            <Button variant="default" onClick={() => test.mutate(thisDevice.id)} loading={test.isPending}>
              Send a test
            </Button>
          </Group>
        )}
        {on.isError && (
          <Alert color="red" role="alert" title="Alerts are not on">
            {errorMessage(on.error)}
          </Alert>
        )}
        {off.isError && (
          <Alert color="red" role="alert">
            Could not turn the device off: {errorMessage(off.error)}
          </Alert>
        )}
        {test.data && (
          <Text size="sm" c={test.data.delivered ? 'teal.8' : 'orange.8'} role="status">
            {test.data.message}
          </Text>
        )}
        {test.isError && (
          <Alert color="red" role="alert">
            The test was not sent: {errorMessage(test.error)}
          </Alert>
        )}

        <PushDeviceList
          subscriptions={subscriptions.data?.subscriptions ?? []}
          thisDeviceId={thisDevice?.id ?? null}
          turningOff={off.isPending ? (off.variables?.id ?? null) : null}
          onTurnOff={(subscription) => off.mutate(subscription)}
        />
        <Divider />
        <AlertSoundSwitch />
      </Stack>
    </Paper>
  );
}
