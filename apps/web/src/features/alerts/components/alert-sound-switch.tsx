import { Switch, Text } from '@mantine/core';
import { ALERT_SOUND_TEXTS, alertSoundSupported, setAlertSound, useAlertSoundState } from '../../../lib/alert-sound';

/** The device's alert sound: stored on this device; switching it on is the gesture that lets the page make sound. */
export function AlertSoundSwitch() {
  const state = useAlertSoundState();
  if (!alertSoundSupported()) {
    return (
      <Text size="sm" c="dimmed">
        {ALERT_SOUND_TEXTS.unsupported}
      </Text>
    );
  }
  return (
    <div>
      <Switch
        label={ALERT_SOUND_TEXTS.label}
        description={ALERT_SOUND_TEXTS.description}
        checked={state !== 'off'}
        onChange={(event) => void setAlertSound(event.currentTarget.checked)}
      />
      {state === 'waiting-for-gesture' && (
        <Text size="sm" c="orange.8" mt={4} role="status">
          {ALERT_SOUND_TEXTS.waiting}
        </Text>
      )}
    </div>
  );
}
