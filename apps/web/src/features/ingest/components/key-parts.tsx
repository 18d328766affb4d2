import { Badge, Group, Text } from '@mantine/core';
import { KEY_PURPOSE_TEXT, type Detector } from '@vigil/contract';
import { INFERRED_PURPOSES_NOTE, formatKeyTime } from '../lib/key-view';

// A badge's word is never cut to an ellipsis: the cell or card makes room for it.
const WHOLE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** The key's purposes as badges, with a note when they were inferred on upgrade rather than chosen. */
export function KeyPurposes({ detector }: { detector: Detector }) {
  return (
    <div>
      <Group gap={4} wrap="wrap" aria-label="Purposes">
        {detector.purposes.map((purpose) => (
          <Badge key={purpose} variant="light" tt="none" styles={WHOLE}>
            {KEY_PURPOSE_TEXT[purpose]}
          </Badge>
        ))}
      </Group>
      {detector.purposes_origin === 'inferred' && (
        <Text size="xs" c="dimmed" mt={4}>
          {INFERRED_PURPOSES_NOTE}
        </Text>
      )}
    </div>
  );
}

/** In use, or revoked with the time. */
export function KeyStatus({ detector }: { detector: Detector }) {
  if (detector.revoked_at === null)
    return (
      <Badge color="teal" variant="light" tt="none" styles={WHOLE}>
        Active
      </Badge>
    );
  return (
    <div>
      <Badge color="gray" variant="light" tt="none" styles={WHOLE}>
        Revoked
      </Badge>
      <Text size="xs" c="dimmed" component="time" dateTime={detector.revoked_at} display="block">
        {formatKeyTime(detector.revoked_at)}
      </Text>
    </div>
  );
}

/** A deployment key serves every building; this row is its place in this one. */
export function DeploymentMark({ detector }: { detector: Detector }) {
  if (!detector.deployment) return null;
  return (
    <Text size="xs" c="dimmed">
      Deployment key: serves every building
    </Text>
  );
}
