import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { FACES_MESSAGES, relativeTime, type HistoryEntry } from '@vigil/contract';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { useFaceHistory } from '../api/get-face-history';
import { SHORT_HISTORY, confidenceColor, confidenceText, historyViewerPath, visibleHistory } from '../lib/face-history';
import { formatMoment } from '../../../lib/format-moment';
import { HistoryHistogram } from './history-histogram';
import { MediaImage } from '../../../components/media-image';
import { ReviewLogButton } from '../../../components/review-log-button';

function HistoryRow({
  entry,
  now,
  canViewHistoric,
  canReview,
}: {
  entry: HistoryEntry;
  now: number;
  canViewHistoric: boolean;
  /** the review log ('Answers') of the detection: faces/train_model */
  canReview: boolean;
}) {
  const at = Date.parse(entry.captured_at);
  return (
    <Group component="li" wrap="nowrap" gap="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <MediaImage src={entry.poster_uri} alt={`Detection at ${entry.camera_description}`} w={72} h={54} />
      <Box miw={0} style={{ flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {entry.camera_description}
          </Text>
          {entry.confirmed && (
            <Badge
              size="xs"
              variant="light"
              color="green"
              title={entry.confirmed_at ? `Confirmed ${formatMoment(Date.parse(entry.confirmed_at))}` : 'Confirmed'}
              style={{ flexShrink: 0 }}
            >
              Confirmed
            </Badge>
          )}
          {entry.merged && (
            <Badge size="xs" variant="light" color="gray" aria-label={`${entry.mergeCount} detections`} style={{ flexShrink: 0 }}>
              ×{entry.mergeCount}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          <time dateTime={entry.captured_at}>{`${formatMoment(at)} · ${relativeTime(at, now)}`}</time>
        </Text>
      </Box>
      <Badge
        variant="light"
        color={confidenceColor(entry.match_confidence)}
        title="Match confidence"
        aria-label={`Match confidence ${confidenceText(entry.match_confidence)}`}
        style={{ flexShrink: 0 }}
      >
        {confidenceText(entry.match_confidence)}
      </Badge>
      {canReview && <ReviewLogButton runtimeFaceUuid={entry.runtime_face_uuid} />}
      {canViewHistoric && (
        <Button component={Link} to={historyViewerPath(entry)} size="compact-sm" variant="light" style={{ flexShrink: 0 }}>
          Watch Video
        </Button>
      )}
    </Group>
  );
}

/**
 * The 'Show/Hide History' panel (part 2 §2): loaded when opened; 'Loading History', 'No History', or the detections
 * (merged per camera) with 'Show All' / 'Just N Detections', above a histogram of when they were seen.
 */
export function FaceHistoryPanel({
  faceId,
  now,
  canViewHistoric,
  canReview = false,
  expandedHistogram,
}: {
  faceId: string;
  now: number;
  canViewHistoric: boolean;
  canReview?: boolean;
  expandedHistogram: boolean;
}) {
  const history = useFaceHistory(faceId, true);
  const [showAll, setShowAll] = useState(false);

  if (history.isPending) {
    return (
      <Group gap="xs" role="status" py="sm">
        <Loader size="xs" />
        <Text size="sm">{FACES_MESSAGES.loadingHistory}</Text>
      </Group>
    );
  }
  if (history.isError) {
    return (
      <Alert color="red" role="alert" variant="light" title="The history could not be loaded">
        {errorMessage(history.error)}
        <div>
          <Button mt="xs" size="compact-sm" variant="light" color="red" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  const entries = history.data.history;
  if (entries.length === 0) return <Text py="sm">{FACES_MESSAGES.noHistory}</Text>;
  const shown = visibleHistory(entries, showAll);
  return (
    <Stack gap="sm">
      <HistoryHistogram entries={entries} expanded={expandedHistogram} />
      <Box component="ul" aria-label="History" p={0} m={0} style={{ listStyle: 'none' }}>
        {shown.map((entry) => (
          <HistoryRow key={entry.runtime_face_uuid} entry={entry} now={now} canViewHistoric={canViewHistoric} canReview={canReview} />
        ))}
      </Box>
      {entries.length > SHORT_HISTORY && (
        <Group justify="center">
          <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((all) => !all)} aria-expanded={showAll}>
            {showAll ? FACES_MESSAGES.justDetections(SHORT_HISTORY) : FACES_MESSAGES.showAll}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
