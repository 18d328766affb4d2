import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { FACES_MESSAGES, relativeTime, riskHoursText, type Face } from '@vigil/contract';
import { Link } from 'react-router';
import { faceTags } from '../lib/face-labels';
import { formatMoment } from '../../../lib/format-moment';
import { errorMessage } from '../../../lib/http';
import { useDownloadFaceExport } from '../api/export-face';
import { ConsentSummary } from './consent-summary';
import { FaceAvatar } from './face-avatar';
import { FaceHistoryPanel } from './face-history-panel';
import { MatchFinderModal } from './match-finder-modal';
import { MediaImage } from '../../../components/media-image';

export interface FaceDetailsAccess {
  canEdit: boolean;
  canDelete: boolean;
  canViewHistoric: boolean;
  /** the /confirmed route is open to the user (faces/train_model, staff) */
  canOpenConfirmed: boolean;
  /** 'More Detections' (the match finder): faces/train_model in the building */
  canFindMatches: boolean;
  /** 'Export data' (a subject access export, issue 27): faces/find_all in the building */
  canExport?: boolean;
  expandedHistogram: boolean;
}

function LastSeen({ face, now }: { face: Face; now: number }) {
  if (!face.last_seen_datetime) return <Text size="sm">Not seen yet.</Text>;
  const at = Date.parse(face.last_seen_datetime);
  return (
    <Text size="sm">
      Last seen at <strong>{face.last_seen_camera_description}</strong>,{' '}
      <time dateTime={face.last_seen_datetime} title={formatMoment(at)}>
        {relativeTime(at, now)}
      </time>{' '}
      <Text span c="dimmed" size="sm">
        ({formatMoment(at)})
      </Text>
    </Text>
  );
}

function MostRecentDetection({ face, now }: { face: Face; now: number }) {
  const picture = face.last_seen_preview ?? face.last_seen_frame_uri;
  if (!face.last_seen_datetime) return <Text py="sm">{FACES_MESSAGES.noHistory}</Text>;
  const at = Date.parse(face.last_seen_datetime);
  return (
    <Stack gap={6} py="sm">
      {picture ? (
        <MediaImage src={picture} alt={`Most recent detection of ${face.person_name}`} w="100%" h={240} fit="contain" />
      ) : (
        <Text size="sm" c="dimmed">
          There is no recording of this moment (yet).
        </Text>
      )}
      <Text size="sm">
        {face.last_seen_camera_description} ·{' '}
        <time dateTime={face.last_seen_datetime}>{`${formatMoment(at)} · ${relativeTime(at, now)}`}</time>
      </Text>
    </Stack>
  );
}

function Photos({ face }: { face: Face }) {
  if (face.images.length === 0) return null;
  return (
    <Group gap="sm" aria-label="Photos" role="group">
      {face.images.map((image) => (
        <Stack key={image.uuid} gap={2} align="center">
          <MediaImage
            src={image.uri}
            alt={`${image.orientation === 'front' ? 'Front' : 'Side'} photo of ${face.person_name}`}
            w={96}
            h={96}
          />
          <Text size="xs" c="dimmed">
            {image.orientation === 'front' ? 'Front' : 'Side'}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

/**
 * A person's details (part 2 §2): name, tags, photos, where and when last seen, 'Most Recent Detection' and
 * 'Show/Hide History' (clicking the open tab hides it), confirmed matches, 'More Detections' (the match finder), Edit
 * and Delete. `face` carries the names as shown (dummy ones with the flag on).
 */
export function FaceDetails({
  face,
  now,
  access,
  back,
  consentRequired = false,
  onEdit,
  onDelete,
}: {
  face: Face;
  now: number;
  access: FaceDetailsAccess;
  back?: ReactNode;
  /** whether the building's recognition needs consent (issue 27) */
  consentRequired?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const confirmed = FACES_MESSAGES.confirmedMatches(face.images_tagged);
  const [findingMatches, setFindingMatches] = useState(false);
  const exporting = useDownloadFaceExport();
  return (
    <Paper component="section" aria-label={face.person_name} withBorder radius="md" p="md" h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="md">
        {back}
        <Group gap="md" wrap="nowrap" align="flex-start">
          <FaceAvatar face={face} size={64} />
          <Box miw={0} style={{ flex: 1 }}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {face.person_name}
            </Title>
            <Group gap={6} mt={6} aria-label="Tags" role="group">
              {faceTags(face).map((tag) => (
                <Badge key={tag.label} color={tag.color} variant="light">
                  {tag.label}
                </Badge>
              ))}
            </Group>
          </Box>
        </Group>
        {face.elopement_risk && <Text size="sm">Elopement risk: {riskHoursText(face.elopement_risk_hours)}</Text>}
        <ConsentSummary face={face} consentRequired={consentRequired} />
        <Group gap="sm">
          {access.canOpenConfirmed ? (
            <Anchor component={Link} to={`/confirmed/${face.frontend_face_uuid}`} size="sm">
              {confirmed}
            </Anchor>
          ) : (
            <Text size="sm">{confirmed}</Text>
          )}
          <Group gap="xs" ml="auto">
            {access.canFindMatches && (
              <Button variant="light" size="compact-md" onClick={() => setFindingMatches(true)}>
                More Detections
              </Button>
            )}
            {access.canExport && (
              <Button
                variant="light"
                size="compact-md"
                loading={exporting.isPending}
                onClick={() => exporting.mutate(face.frontend_face_uuid)}
                title="Everything Vigil holds about them, as a zip (a subject access request)"
              >
                Export data
              </Button>
            )}
            {access.canEdit && (
              <Button variant="light" size="compact-md" onClick={onEdit}>
                Edit
              </Button>
            )}
            {access.canDelete && (
              <Button variant="light" color="red" size="compact-md" onClick={onDelete}>
                Delete
              </Button>
            )}
          </Group>
        </Group>
        {exporting.isError && (
          <Alert color="red" role="alert" variant="light" withCloseButton onClose={() => exporting.reset()}>
            Could not export their data: {errorMessage(exporting.error)}
          </Alert>
        )}
        <LastSeen face={face} now={now} />
        <Photos face={face} />
        <Tabs defaultValue="recent" allowTabDeactivation keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="recent" fz="sm" px="xs">
              {FACES_MESSAGES.mostRecentDetection}
            </Tabs.Tab>
            <Tabs.Tab value="history" fz="sm" px="xs">
              {FACES_MESSAGES.showHideHistory}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="recent">
            <MostRecentDetection face={face} now={now} />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="sm">
            <FaceHistoryPanel
              faceId={face.frontend_face_uuid}
              now={now}
              canViewHistoric={access.canViewHistoric}
              canReview={access.canFindMatches}
              expandedHistogram={access.expandedHistogram}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {findingMatches && <MatchFinderModal face={face} onClose={() => setFindingMatches(false)} />}
    </Paper>
  );
}
