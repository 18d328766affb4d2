import type { DetectedFace, DetectedMatch, FaceConfirmBody, FaceMatchConfirmRequest, FacesDetectedReply } from '@vigil/contract';

// The review list of the training tool (part 2 §2, §4) as plain functions: the faces shown, what each answer does to a
// detection, and the bodies of the calls that record it.

/**
 * What the reviewer's answers made of the faces they touched, by runtime_face_uuid: the detection as it now is, or
 * null when it left the list (Not a Face). It lies over the loaded pages, so a page that arrives later cannot undo it.
 */
export type ReviewOverlay = ReadonlyMap<string, DetectedFace | null>;

/** The loaded pages as one list, each detection once (pages of a moving list can overlap), with the overlay applied. */
export function reviewedFaces(pages: readonly FacesDetectedReply[] | undefined, overlay: ReviewOverlay): DetectedFace[] {
  const seen = new Set<string>();
  const faces: DetectedFace[] = [];
  for (const face of (pages ?? []).flatMap((page) => page.faces)) {
    if (seen.has(face.runtime_face_uuid)) continue;
    seen.add(face.runtime_face_uuid);
    const answered = overlay.get(face.runtime_face_uuid);
    if (answered === null) continue;
    faces.push(answered ?? face);
  }
  return faces;
}

/** The candidate a reviewer confirmed, if any. */
export const exactMatch = (face: DetectedFace): DetectedMatch | undefined => face.matches.find((match) => match.is_exact);

/** Confirmed to `personId`: that candidate is the exact match (no longer rejected), no other one is. */
export function confirmedTo(face: DetectedFace, personId: string): DetectedFace {
  return {
    ...face,
    matches: face.matches.map((match) =>
      match.frontend_face_uuid === personId ? { ...match, is_exact: true, is_rejected: false } : { ...match, is_exact: false },
    ),
  };
}

/** Undo (part 2 §4, DECISIONS.md): the confirmed person is now rejected, and the detection is back to its candidates. */
export function undone(face: DetectedFace): DetectedFace {
  return { ...face, matches: face.matches.map((match) => (match.is_exact ? { ...match, is_exact: false, is_rejected: true } : match)) };
}

/** Confirm to a candidate: this face is this person. */
export const confirmBody = (face: DetectedFace, personId: string): FaceMatchConfirmRequest => ({
  runtime_face_uuids: [face.runtime_face_uuid],
  frontend_face_uuid: personId,
  is_correct: true,
});

/** Undo a confirmation sends false (part 2 §7, DECISIONS.md); null when nothing is confirmed. */
export function undoBody(face: DetectedFace): FaceMatchConfirmRequest | null {
  const exact = exactMatch(face);
  return exact ? { runtime_face_uuids: [face.runtime_face_uuid], frontend_face_uuid: exact.frontend_face_uuid, is_correct: false } : null;
}

export const notAFaceBody = (face: DetectedFace): FaceConfirmBody => ({ runtime_face_uuid: face.runtime_face_uuid, is_face: false });

/** A page's place in the list: the token it was asked for with (undefined for the first page), or null when not loaded. */
export function pageTokenOf(
  data: { pages: readonly FacesDetectedReply[]; pageParams: readonly (string | undefined)[] } | undefined,
  runtimeFaceUuid: string,
): { token: string | undefined } | null {
  const index = data?.pages.findIndex((page) => page.faces.some((face) => face.runtime_face_uuid === runtimeFaceUuid)) ?? -1;
  return index === -1 ? null : { token: data?.pageParams[index] };
}

/**
 * A page asked for again: the faces the reviewer touched take the server's word, unless another answer about them is
 * still on its way. A face the overlay removed stays removed; faces it never held are left to the pages.
 */
export function withFreshFaces(overlay: ReviewOverlay, fresh: readonly DetectedFace[], pending: ReadonlySet<string>): ReviewOverlay {
  const next = new Map(overlay);
  for (const face of fresh) {
    const id = face.runtime_face_uuid;
    if (next.get(id) && !pending.has(id)) next.set(id, face);
  }
  return next;
}

/** The same page, fresher: each loaded face that the reply holds is replaced by it; nothing is added or removed. */
export function withFreshPages<T extends { pages: FacesDetectedReply[] }>(data: T, fresh: readonly DetectedFace[]): T {
  const byId = new Map(fresh.map((face) => [face.runtime_face_uuid, face]));
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, faces: page.faces.map((face) => byId.get(face.runtime_face_uuid) ?? face) })),
  };
}

/** Where the list reaches back to: the oldest capture time of the last page that had one. */
export function oldestShownTime(pages: readonly FacesDetectedReply[] | undefined): string | null {
  return (pages ?? []).reduce<string | null>((oldest, page) => page.oldest_time ?? oldest, null);
}

/** The token the list holds: the newest one a reply gave (a null one is not kept). */
export function heldToken(pages: readonly FacesDetectedReply[] | undefined): string | null {
  return (pages ?? []).reduce<string | null>((token, page) => page.refresh_token ?? token, null);
}

/** The newest capture time loaded (ms), or null for an empty list. */
export function newestShownAt(pages: readonly FacesDetectedReply[] | undefined): number | null {
  const times = (pages ?? []).flatMap((page) => page.faces.map((face) => Date.parse(face.captured_at)));
  return times.length === 0 ? null : Math.max(...times);
}

/**
 * New detections since the list's first page: the server's count, for the token the list holds. A list without a token
 * (an empty first page may give none) asks for the first page again and counts what is newer than the newest shown.
 */
export function newResultsCount(reply: Pick<FacesDetectedReply, 'new_results' | 'faces'>, newestAt: number | null): number {
  if (reply.new_results > 0) return reply.new_results;
  return reply.faces.filter((face) => newestAt === null || Date.parse(face.captured_at) > newestAt).length;
}

/** The reviewer's place in the list: the detection they chose, or where it was when it left the list. */
export interface ReviewSelection {
  id: string;
  index: number;
}

/** The index of the selected detection: the chosen one, else the one now in its place (the next), else the last; -1 when empty. */
export function selectedIndex(faces: readonly DetectedFace[], selection: ReviewSelection | null): number {
  if (faces.length === 0) return -1;
  if (selection === null) return 0;
  const index = faces.findIndex((face) => face.runtime_face_uuid === selection.id);
  return index !== -1 ? index : Math.min(selection.index, faces.length - 1);
}
