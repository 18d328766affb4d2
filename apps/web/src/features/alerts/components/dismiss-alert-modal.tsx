import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { ALERTS_MESSAGES, type ElopementAlert } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useDismissAlert } from '../api/dismiss-alert';
import { dismissBody, pinProblem } from '../lib/dismiss-flow';

/** Asks holders of pin_dismiss_alert for their PIN; the server's refusal stays in view with what was typed. */
export function DismissAlertModal({ alert, domainId, onClose }: { alert: ElopementAlert | null; domainId: string; onClose: () => void }) {
  return (
    <Modal opened={alert !== null} onClose={onClose} title="Dismiss alert" centered>
      {alert && <PinForm key={alert.alert_id} alert={alert} domainId={domainId} onDone={onClose} />}
    </Modal>
  );
}

function PinForm({ alert, domainId, onDone }: { alert: ElopementAlert; domainId: string; onDone: () => void }) {
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [hashing, setHashing] = useState(false);
  const dismiss = useDismissAlert();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = pinProblem(pin);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    setHashing(true);
    try {
      const body = await dismissBody('pin', domainId, pin);
      dismiss.mutate({ alertId: alert.alert_id, body }, { onSuccess: onDone, onError: (error) => setProblem(errorMessage(error)) });
    } finally {
      setHashing(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Dismiss alert">
      <Stack gap="sm">
        <Text size="sm">
          {alert.person_name} at {alert.cameraDescription}
        </Text>
        <Text size="sm" c="dimmed">
          {ALERTS_MESSAGES.pinRequired}
        </Text>
        <PasswordInput
          label="PIN"
          value={pin}
          onChange={(event) => setPin(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={hashing || dismiss.isPending}>
            Dismiss alert
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
