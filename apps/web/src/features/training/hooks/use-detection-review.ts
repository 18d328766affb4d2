import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hashKey, useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DetectedFace, FacesDetectedRequest } from '@vigil/contract';
import { FACES_QUERY_ROOT } from '../../../lib/api/get-faces';
import { errorMessage } from '../../../lib/http';
import { addVisitor } from '../api/add-visitor';
import { confirmFace, confirmFaceMatch } from '../api/answer-detection';
import { CONFIRMED_QUERY_ROOT } from '../api/get-confirmed-faces';
import { detectedFacesQueryOptions, getDetectedFaces } from '../api/get-detected-faces';
import { NEW_RESULTS_QUERY_ROOT } from '../api/get-new-results';
import {
  confirmBody,
  confirmedTo,
  notAFaceBody,
  pageTokenOf,
  reviewedFaces,
  undoBody,
  undone,
  withFreshFaces,
  withFreshPages,
  type ReviewOverlay,
} from '../lib/detection-review';
import { DETECTED_TEXTS } from '../lib/training-texts';
import type { Notice } from './use-notices';

/** An answer about one detection (part 2 §2, §4). */
export type ReviewAnswer =
  | { kind: 'confirm'; face: DetectedFace; personId: string; personName: string }
  | { kind: 'undo'; face: DetectedFace }
  | { kind: 'notAFace'; face: DetectedFace }
  | { kind: 'visitor'; face: DetectedFace };

const EMPTY: ReviewOverlay = new Map();

const failureText = (answer: ReviewAnswer): string =>
  ({
    confirm: `Could not confirm the face as ${answer.kind === 'confirm' ? answer.personName : ''}`,
    undo: `Could not save '${DETECTED_TEXTS.undo}'`,
    notAFace: `Could not save '${DETECTED_TEXTS.notAFace}'`,
    visitor: `Could not add the visitor`,
  })[answer.kind];

async function send(answer: ReviewAnswer): Promise<string | null> {
  switch (answer.kind) {
    case 'confirm':
      await confirmFaceMatch(confirmBody(answer.face, answer.personId));
      return null;
    case 'undo': {
      const body = undoBody(answer.face);
      if (body) await confirmFaceMatch(body);
      return null;
    }
    case 'notAFace':
      await confirmFace(notAFaceBody(answer.face));
      return null;
    case 'visitor':
      return addVisitor(answer.face.runtime_face_uuid);
  }
}

/** How the detection looks once the answer is given, before the server has said so; undefined leaves it as it is. */
function optimistic(answer: ReviewAnswer): DetectedFace | null | undefined {
  switch (answer.kind) {
    case 'confirm':
      return confirmedTo(answer.face, answer.personId);
    case 'undo':
      return undone(answer.face);
    case 'notAFace':
      return null;
    case 'visitor':
      return undefined;
  }
}

interface AnswerContext {
  listKey: string;
  queryKey: QueryKey;
  request: FacesDetectedRequest;
  /** the overlay's entry before the answer: restored if it fails */
  previous: { face: DetectedFace | null } | undefined;
  page: { token: string | undefined } | null;
}

/**
 * The review list: its pages (Load More with the previous reply's token), the reviewer's answers shown at once and
 * taken back if the server refuses them, and the answered detection's page asked for again once the server has it.
 */
export function useDetectionReview(request: FacesDetectedRequest, notify: (tone: Notice['tone'], message: string) => void) {
  const queryClient = useQueryClient();
  const options = detectedFacesQueryOptions(request);
  const list = useInfiniteQuery(options);
  const listKey = hashKey(options.queryKey);

  // The answers of this list; a filter change or a building switch is another list, with none.
  const [answered, setAnswered] = useState<{ listKey: string; overlay: ReviewOverlay }>({ listKey, overlay: EMPTY });
  const overlay = answered.listKey === listKey ? answered.overlay : EMPTY;
  const currentListKey = useRef(listKey);
  useEffect(() => {
    currentListKey.current = listKey;
  }, [listKey]);
  /** Answers still on their way: a page asked for again leaves these detections as the reviewer left them. */
  const pending = useRef(new Set<string>());

  const updateOverlay = useCallback((key: string, change: (overlay: ReviewOverlay) => ReviewOverlay) => {
    setAnswered((current) => {
      if (key !== currentListKey.current) return current;
      return { listKey: key, overlay: change(current.listKey === key ? current.overlay : EMPTY) };
    });
  }, []);

  const faces = useMemo(() => reviewedFaces(list.data?.pages, overlay), [list.data, overlay]);

  async function refetchPage(context: AnswerContext) {
    if (!context.page) return;
    const { token } = context.page;
    try {
      const reply = await getDetectedFaces(token ? { ...context.request, refresh_token: token } : context.request, { label: null });
      updateOverlay(context.listKey, (current) => withFreshFaces(current, reply.faces, pending.current));
      queryClient.setQueryData(context.queryKey, (data: Parameters<typeof withFreshPages>[0] | undefined) =>
        data ? withFreshPages(data, reply.faces) : data,
      );
    } catch (error) {
      console.warn(`Reloading a page of detections failed: ${errorMessage(error)}`);
    }
  }

  const answer = useMutation({
    mutationFn: send,
    onMutate: (given: ReviewAnswer): AnswerContext => {
      const id = given.face.runtime_face_uuid;
      pending.current.add(id);
      const context: AnswerContext = {
        listKey,
        queryKey: options.queryKey,
        request,
        previous: overlay.has(id) ? { face: overlay.get(id) ?? null } : undefined,
        page: pageTokenOf(queryClient.getQueryData(options.queryKey), id),
      };
      const shown = optimistic(given);
      if (shown !== undefined) updateOverlay(listKey, (current) => new Map(current).set(id, shown));
      return context;
    },
    onSuccess: (visitorId, given, context) => {
      if (given.kind === 'visitor' && visitorId) {
        const face = { ...given.face, visitor_face_uuid: visitorId };
        updateOverlay(context.listKey, (current) => new Map(current).set(face.runtime_face_uuid, face));
        notify('success', DETECTED_TEXTS.visitorAdded);
      }
      // A person's confirmed faces and count change with every answer; those pages reload when next opened.
      void queryClient.invalidateQueries({ queryKey: CONFIRMED_QUERY_ROOT, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: FACES_QUERY_ROOT, refetchType: 'none' });
    },
    onError: (error, given, context) => {
      if (context) {
        const id = given.face.runtime_face_uuid;
        updateOverlay(context.listKey, (current) => {
          const next = new Map(current);
          if (context.previous) next.set(id, context.previous.face);
          else next.delete(id);
          return next;
        });
      }
      notify('error', `${failureText(given)}: ${errorMessage(error)}`);
    },
    onSettled: (_reply, _error, given, context) => {
      pending.current.delete(given.face.runtime_face_uuid);
      if (context) void refetchPage(context);
    },
  });

  /** Refresh (the new-results banner): the list again from its first page, with no answers laid over it. */
  function refresh() {
    setAnswered({ listKey, overlay: EMPTY });
    queryClient.setQueriesData<number>({ queryKey: NEW_RESULTS_QUERY_ROOT }, 0);
    void queryClient.resetQueries({ queryKey: options.queryKey, exact: true });
  }

  return { list, faces, answer: answer.mutate, refresh };
}
