import { useState } from 'react';
import { Alert, AspectRatio, Badge, Box, Button, Flex, Group, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { PUSH, elopementAlertColour, relativeTime, type ElopementAlert } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useDismissAlert } from '../api/dismiss-alert';
import { STATE_LABELS, canAcknowledge, stepLines } from '../lib/alert-steps';
import type { DismissMode } from '../lib/dismiss-flow';
import { formatEventTime } from '../lib/event-rows';
import { FaceMatchControls } from './face-match-controls';
import { isErasedAlert } from '../lib/display-alert';
import { FrameImage } from './frame-image';

interface Props {
  alert: ElopementAlert;
  now: number;
  mode: DismissMode;
  /** PIN mode: open the PIN dialog for this alert */
  askPin: (alert: ElopementAlert) => void;
  /** the user holds alerting/receive_er_alerts here: "I'm on it" while nobody is */
  receivesAlerts: boolean;
}

const STATE_COLOURS = { raised: 'red', acknowledged: 'teal', dismissed: 'gray' } as const;

/**
 * One elopement alert: who, where, when (its colour fading over 24 hours), its state and every step so far, the frames,
 * face match, "I'm on it" and Dismiss.
 */
export function ElopementAlertCard({ alert, now, mode, askPin, receivesAlerts }: Props) {
  const [enlarged, setEnlarged] = useState(false);
  const dismiss = useDismissAlert();
  const acknowledge = useAcknowledgeAlert();
  const steps = stepLines(alert.steps);
  const at = alert.event_ts * 1000;
  const colour = elopementAlertColour(at, now);
  const where = `${alert.person_name} at ${alert.cameraDescription}`;

  function onDismiss() {
    if (mode === 'pin') return askPin(alert);
    dismiss.mutate({ alertId: alert.alert_id, body: { userPIN: 'me' } });
  }

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={`Elopement alert: ${where}`}
      data-testid={`elopement-alert-${alert.alert_id}`}
      style={{ borderLeft: `6px solid ${colour}`, listStyle: 'none' }}
    >
      <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }}>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <FrameImage src={alert.posterFrame} alt={`Face of ${alert.person_name}`} takenAt={at} w={88} h={88} />
          <UnstyledButton onClick={() => setEnlarged(true)} aria-label={`Enlarge the frame of ${where}`} style={{ borderRadius: 4 }}>
            <FrameImage src={alert.fullFrame} alt={`Frame of ${where}`} takenAt={at} w={156} h={88} />
          </UnstyledButton>
        </Group>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          {/* On a phone the buttons go below the name rather than over its state badge. */}
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
            <Box miw={0} style={{ flex: '1 1 12rem' }}>
              <Group gap={6} wrap="wrap">
                <Title order={2} fz="md" lh={1.3}>
                  {alert.person_name}
                </Title>
                <Badge size="sm" variant="light" color={STATE_COLOURS[alert.state]} style={{ flexShrink: 0 }}>
                  {STATE_LABELS[alert.state]}
                </Badge>
              </Group>
              <Text size="sm" truncate>
                {alert.cameraDescription}
              </Text>
              <Text size="sm" c="dimmed">
                <time dateTime={new Date(at).toISOString()}>{formatEventTime(at, now)}</time>
                {' · '}
                <Text span inherit fw={600} style={{ color: colour }}>
                  {relativeTime(at, now)}
                </Text>
              </Text>
            </Box>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              {canAcknowledge(alert, receivesAlerts) && (
                <Button color="teal" size="compact-sm" onClick={() => acknowledge.mutate(alert.alert_id)} loading={acknowledge.isPending}>
                  {PUSH.acknowledgeText}
                </Button>
              )}
              <Button color="red" variant="light" size="compact-sm" onClick={onDismiss} loading={dismiss.isPending}>
                Dismiss
              </Button>
            </Group>
          </Group>
          {steps.length > 0 && (
            <Stack gap={0} role="group" aria-label={`Steps of the alert for ${alert.person_name}`}>
              {steps.map((line) => (
                <Text key={line.key} size="xs" c="dimmed">
                  {line.text}
                </Text>
              ))}
            </Stack>
          )}
          {!isErasedAlert(alert) && <FaceMatchControls alert={alert} />}
          {dismiss.isError && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errorMessage(dismiss.error)}
            </Alert>
          )}
          {acknowledge.isError && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errorMessage(acknowledge.error)}
            </Alert>
          )}
        </Stack>
      </Flex>
      <Modal opened={enlarged} onClose={() => setEnlarged(false)} title={where} size="xl" centered>
        <AspectRatio ratio={16 / 9}>
          <FrameImage src={alert.fullFrame} alt={`Frame of ${where}`} takenAt={at} w="100%" h="100%" fit="contain" />
        </AspectRatio>
      </Modal>
    </Paper>
  );
}
