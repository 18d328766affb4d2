import type { Ref } from 'react';
import { Badge, Button, Flex, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatConfidence, formatFilterDate, relativeTime, type DetectedFace } from '@vigil/contract';
import type { ReviewAnswer } from '../hooks/use-detection-review';
import { exactMatch } from '../lib/detection-review';
import type { PersonNames } from '../lib/person-names';
import { DETECTED_TEXTS, exactTime } from '../lib/training-texts';
import { CandidateButton } from './candidate-button';
import { MediaImage } from '../../../components/media-image';
import { ReviewLogButton } from '../../../components/review-log-button';

/** What a screen reader hears for a detection: who it is, if confirmed, where and when. */
export function detectionLabel(face: DetectedFace, names: PersonNames): string {
  const exact = exactMatch(face);
  const who = exact ? `Face of ${names.of(exact.frontend_face_uuid, exact.person_name)}` : 'Unconfirmed face';
  return `${who} at ${face.camera_description}, ${formatFilterDate(face.captured_at)}`;
}

/**
 * One detection to review (part 2 §2): the face, where and when it was seen, its height and confidence, up to 4
 * candidates to confirm it to, and 'Not a Face' and 'Visitor', or 'Undo' once a candidate is confirmed.
 */
export function DetectionBanner({
  face,
  names,
  now,
  selected,
  onSelect,
  onAnswer,
  itemRef,
  canAddVisitor,
  wholeFrame = false,
}: {
  face: DetectedFace;
  names: PersonNames;
  now: number;
  selected: boolean;
  onSelect: () => void;
  onAnswer: (answer: ReviewAnswer) => void;
  itemRef: Ref<HTMLLIElement>;
  /** 'Visitor' makes a person of the registry: it needs faces/add too */
  canAddVisitor: boolean;
  /** the picture is the whole frame with the face's box drawn (Shapes): shown whole, not cropped to a square */
  wholeFrame?: boolean;
}) {
  const exact = exactMatch(face);
  const at = Date.parse(face.captured_at);
  const details = [
    face.face_height !== null ? `Face height ${Math.round(face.face_height)}px` : null,
    face.face_confidence !== null ? `Face confidence ${formatConfidence(face.face_confidence)}` : null,
  ].filter((text): text is string => text !== null);

  return (
    <Paper
      component="li"
      ref={itemRef}
      withBorder
      p="sm"
      radius="md"
      tabIndex={-1}
      aria-label={detectionLabel(face, names)}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      style={{
        listStyle: 'none',
        outline: selected ? '3px solid var(--mantine-color-blue-6)' : undefined,
        outlineOffset: 2,
        scrollMarginBlock: 96,
      }}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} gap="md">
        <MediaImage
          src={face.frame_uri}
          alt={`Detected face at ${face.camera_description}`}
          w={wholeFrame ? 264 : 148}
          h={148}
          fit={wholeFrame ? 'contain' : 'cover'}
        />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600} truncate>
              {face.camera_description}
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={face.captured_at} title={exactTime(face.captured_at)}>
                {relativeTime(at, now)}
              </time>
            </Text>
          </Group>
          <Group gap="xs">
            {details.map((text) => (
              <Text key={text} size="xs" c="dimmed">
                {text}
              </Text>
            ))}
            {face.visitor_face_uuid && (
              <Badge size="sm" variant="light" color="grape">
                Visitor added
              </Badge>
            )}
          </Group>
          {face.matches.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing={6} role="group" aria-label="Candidates">
              {face.matches.map((match, index) => (
                <CandidateButton
                  key={match.frontend_face_uuid}
                  match={match}
                  name={names.of(match.frontend_face_uuid, match.person_name)}
                  number={index + 1}
                  onConfirm={() => {
                    if (!match.is_exact) {
                      onAnswer({
                        kind: 'confirm',
                        face,
                        personId: match.frontend_face_uuid,
                        personName: names.of(match.frontend_face_uuid, match.person_name),
                      });
                    }
                  }}
                />
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              No candidates for this face.
            </Text>
          )}
          <Group gap="xs">
            {exact ? (
              <Button size="compact-sm" variant="default" onClick={() => onAnswer({ kind: 'undo', face })}>
                {DETECTED_TEXTS.undo}
              </Button>
            ) : (
              <>
                <Button size="compact-sm" variant="default" onClick={() => onAnswer({ kind: 'notAFace', face })}>
                  {DETECTED_TEXTS.notAFace}
                </Button>
                {canAddVisitor && !face.visitor_face_uuid && (
                  <Button size="compact-sm" variant="default" onClick={() => onAnswer({ kind: 'visitor', face })}>
                    {DETECTED_TEXTS.visitor}
                  </Button>
                )}
              </>
            )}
            <ReviewLogButton runtimeFaceUuid={face.runtime_face_uuid} />
          </Group>
        </Stack>
      </Flex>
    </Paper>
  );
}
