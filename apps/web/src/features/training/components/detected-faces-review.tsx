import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { relativeTime, type FacesDetectedRequest } from '@vigil/contract';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/http';
import { useNow } from '../../../lib/use-now';
import { useNewResults } from '../api/get-new-results';
import { useDetectionReview } from '../hooks/use-detection-review';
import { useLoadOnVisible } from '../hooks/use-load-on-visible';
import { useNotices } from '../hooks/use-notices';
import { exactMatch, heldToken, newestShownAt, oldestShownTime, selectedIndex, type ReviewSelection } from '../lib/detection-review';
import type { PersonNames } from '../lib/person-names';
import { reviewKeyAction, type ReviewKeyAction } from '../lib/review-keys';
import { DETECTED_TEXTS, exactTime } from '../lib/training-texts';
import { ActionNotices } from './action-notices';
import { DetectionBanner } from './detection-banner';
import { ReviewKeysHelp } from './review-keys-help';

/**
 * The face training tool's list (part 2 §2): detections newest first, loaded 20 at a time, answered with the mouse or
 * the keys, with 'Have N new results' when more arrived since the first page.
 */
export function DetectedFacesReview({
  request,
  names,
  canAddVisitor,
}: {
  request: FacesDetectedRequest;
  names: PersonNames;
  /** 'Visitor' makes a person of the registry: it needs faces/add as well as train_model */
  canAddVisitor: boolean;
}) {
  const { notices, notify, close } = useNotices();
  const { list, faces, answer, refresh } = useDetectionReview(request, notify);
  const pages = list.data?.pages;
  const newResults = useNewResults(request, heldToken(pages), newestShownAt(pages), list.isSuccess);
  const now = useNow(10_000);
  const [selection, setSelection] = useState<ReviewSelection | null>(null);
  const index = selectedIndex(faces, selection);
  const selected = faces[index];
  const items = useRef(new Map<string, HTMLLIElement>());
  /** a move made with the keys brings the selected detection into view and focus; a click does not scroll */
  const followSelection = useRef(false);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const canLoadMore = hasNextPage && !isFetchingNextPage;
  const loadMore = () => {
    if (canLoadMore) void fetchNextPage();
  };
  // After a failed page, loading stops (part 2 §4); Load More asks again.
  const sentinel = useLoadOnVisible(loadMore, canLoadMore && !isFetchNextPageError);

  useEffect(() => {
    if (list.error) console.warn(`Loading detections failed: ${errorMessage(list.error)}`);
  }, [list.error]);

  const selectedId = selected?.runtime_face_uuid;
  useEffect(() => {
    if (!followSelection.current || !selectedId) return;
    followSelection.current = false;
    const item = items.current.get(selectedId);
    item?.focus({ preventScroll: true });
    item?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, selection]);

  function move(to: number) {
    const face = faces[to];
    if (!face) return;
    followSelection.current = true;
    setSelection({ id: face.runtime_face_uuid, index: to });
  }

  /** After answering, on to the next detection (or stay on the last). */
  function moveOn() {
    if (index + 1 < faces.length) move(index + 1);
    else if (canLoadMore) loadMore();
  }

  function onKey(action: ReviewKeyAction) {
    if (action.kind === 'loadMore') return loadMore();
    if (!selected) return;
    const exact = exactMatch(selected);
    switch (action.kind) {
      case 'next':
        return index + 1 < faces.length ? move(index + 1) : loadMore();
      case 'previous':
        return move(Math.max(0, index - 1));
      case 'confirm': {
        const match = selected.matches[action.candidate];
        if (!match) return;
        if (!match.is_exact) {
          answer({
            kind: 'confirm',
            face: selected,
            personId: match.frontend_face_uuid,
            personName: names.of(match.frontend_face_uuid, match.person_name),
          });
        }
        return moveOn();
      }
      case 'notAFace': {
        if (exact) return;
        // The detection leaves the list: the next one takes its place, and the selection.
        const next = faces[index + 1];
        followSelection.current = true;
        setSelection({ id: next?.runtime_face_uuid ?? selected.runtime_face_uuid, index });
        return answer({ kind: 'notAFace', face: selected });
      }
      case 'visitor':
        if (canAddVisitor && !exact && !selected.visitor_face_uuid) answer({ kind: 'visitor', face: selected });
        return;
      case 'undo':
        if (exact) answer({ kind: 'undo', face: selected });
        return;
    }
  }

  const keyHandler = useRef(onKey);
  useEffect(() => {
    keyHandler.current = onKey;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = reviewKeyAction({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target });
      if (!action) return;
      event.preventDefault();
      keyHandler.current(action);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (list.isPending) return <PageLoader label="Loading detections" />;
  if (list.isError && !pages) {
    return (
      <Alert color="gray" variant="light" role="status">
        <Group justify="space-between">
          <Text size="sm">The detections could not be loaded.</Text>
          <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  const oldest = oldestShownTime(pages);
  const newCount = newResults.data ?? 0;
  return (
    <Stack gap="sm">
      {newCount > 0 && (
        <Alert color="blue" variant="light" p="xs" style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0rem)', zIndex: 3 }}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" role="status">
              {DETECTED_TEXTS.newResults(newCount)}
            </Text>
            <Button size="compact-sm" onClick={refresh}>
              {DETECTED_TEXTS.refresh}
            </Button>
          </Group>
        </Alert>
      )}
      <ReviewKeysHelp />
      {faces.length === 0 && !hasNextPage ? (
        <Paper withBorder p="xl" radius="md">
          <Text fw={600}>{DETECTED_TEXTS.noResults}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            No detections match these filters. Try another camera, person or date, or wait for new detections.
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Detected faces">
          {faces.map((face, i) => (
            <DetectionBanner
              key={face.runtime_face_uuid}
              face={face}
              names={names}
              now={now}
              selected={i === index}
              onSelect={() => setSelection({ id: face.runtime_face_uuid, index: i })}
              onAnswer={answer}
              canAddVisitor={canAddVisitor}
              wholeFrame={request.shapes === true}
              itemRef={(element) => {
                if (element) items.current.set(face.runtime_face_uuid, element);
                else items.current.delete(face.runtime_face_uuid);
              }}
            />
          ))}
        </Stack>
      )}
      <Group justify="center" gap="sm" py="xs">
        {oldest && (
          <Text size="sm" c="dimmed">
            {DETECTED_TEXTS.showingUpTo}{' '}
            <time dateTime={oldest} title={exactTime(oldest)}>
              {relativeTime(Date.parse(oldest), now)}
            </time>
          </Text>
        )}
        {hasNextPage && (
          <Button variant="light" size="sm" onClick={loadMore} loading={isFetchingNextPage}>
            {DETECTED_TEXTS.loadMore}
          </Button>
        )}
      </Group>
      <div ref={sentinel} aria-hidden="true" />
      <ActionNotices notices={notices} onClose={close} />
    </Stack>
  );
}
