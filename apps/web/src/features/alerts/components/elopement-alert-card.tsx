import { useState } from 'react';
import { Alert, AspectRatio, Box, Button, Flex, Group, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { elopementAlertColour, relativeTime, type ElopementAlert } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useDismissAlert } from '../api/dismiss-alert';
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
}

/** One elopement alert: who, where, when (its colour fading over 24 hours), the frames, face match and Dismiss. */
export function ElopementAlertCard({ alert, now, mode, askPin }: Props) {
  const [enlarged, setEnlarged] = useState(false);
  const dismiss = useDismissAlert();
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
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Box miw={0}>
              <Title order={2} fz="md" lh={1.3}>
                {alert.person_name}
              </Title>
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
            <Button color="red" variant="light" size="compact-sm" onClick={onDismiss} loading={dismiss.isPending} style={{ flexShrink: 0 }}>
              Dismiss
            </Button>
          </Group>
          {!isErasedAlert(alert) && <FaceMatchControls alert={alert} />}
          {dismiss.isError && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errorMessage(dismiss.error)}
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
