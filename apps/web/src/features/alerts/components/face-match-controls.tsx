import { Badge, Button, Group, Text } from '@mantine/core';
import type { ElopementAlert } from '@vigil/contract';
import { errorMessage } from '../../../lib/http';
import { useFaceMatchAction } from '../api/use-face-match-action';
import { FACE_MATCH_LABELS, faceMatchActions, faceMatchState, type FaceMatchState } from '../lib/face-match';

const COLOURS: Record<FaceMatchState, string> = { unset: 'gray', confirmed: 'teal', wrong_person: 'orange', not_a_face: 'grape' };

/** Is the person on the frame who the system says? Correct, Wrong person, Not a Face, or Undo the answer (spec part 1 §4). */
export function FaceMatchControls({ alert }: { alert: ElopementAlert }) {
  const action = useFaceMatchAction(alert.alert_id);
  const state = faceMatchState(alert);
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={`Face match for ${alert.person_name}`}>
      <Badge color={COLOURS[state]} variant="light" role="status">
        {FACE_MATCH_LABELS[state]}
      </Badge>
      {faceMatchActions(alert).map((item) => (
        <Button
          key={item.label}
          size="compact-sm"
          variant="default"
          loading={action.isPending && action.variables.label === item.label}
          disabled={action.isPending}
          onClick={() => action.mutate(item)}
        >
          {item.label}
        </Button>
      ))}
      {action.isError && (
        <Text size="xs" c="red" role="alert">
          {errorMessage(action.error)}
        </Text>
      )}
    </Group>
  );
}
