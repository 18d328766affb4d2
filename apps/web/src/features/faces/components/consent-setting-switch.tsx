import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { CONSENT_MESSAGES } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useSetConsentSetting } from '../api/consent-setting';

/**
 * 'Recognition needs consent' for a building's administrators (faces/edit): turning it on is confirmed first, as the
 * face data of everyone without consent is deleted then.
 */
export function ConsentSettingSwitch({ domainId, required }: { domainId: string; required: boolean | undefined }) {
  const change = useSetConsentSetting(domainId);
  const [confirming, setConfirming] = useState(false);
  const turnOn = () => change.mutate(true, { onSuccess: () => setConfirming(false) });
  return (
    <>
      <Switch
        label={CONSENT_MESSAGES.settingLabel}
        checked={required ?? false}
        disabled={required === undefined || change.isPending}
        onChange={(e) => (e.currentTarget.checked ? setConfirming(true) : change.mutate(false))}
        title={CONSENT_MESSAGES.settingHelp}
      />
      {change.isError && !confirming && (
        <Text size="sm" c="red" role="alert">
          Not changed: {errorMessage(change.error)}
        </Text>
      )}
      {confirming && (
        <Modal opened onClose={() => setConfirming(false)} title="Require consent for recognition?" centered>
          <Stack gap="sm">
            <Text size="sm">{CONSENT_MESSAGES.settingHelp}</Text>
            <Text size="sm">
              The face data already kept of everyone without consent to recognition is deleted now; their detections stay in their history.
            </Text>
            {change.isError && (
              <Alert color="red" role="alert" variant="light">
                {errorMessage(change.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button color="orange" loading={change.isPending} onClick={turnOn}>
                Require consent
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
