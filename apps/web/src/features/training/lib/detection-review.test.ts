import type { DetectedFace, FacesDetectedReply } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  confirmBody,
  confirmedTo,
  exactMatch,
  heldToken,
  newResultsCount,
  newestShownAt,
  notAFaceBody,
  oldestShownTime,
  pageTokenOf,
  reviewedFaces,
  selectedIndex,
  undoBody,
  undone,
  withFreshFaces,
  withFreshPages,
} from './detection-review';
import { candidate, detection, reply } from './detection.fixture';

const A = detection('1', [candidate('1', 0.97), candidate('2', 0.91)]);
const B = detection('2', [candidate('1', 0.5)]);
const C = detection('3', []);

describe('reviewedFaces', () => {
  it('flattens the pages, each detection once, with the answers laid over them', () => {
    const pages = [reply([A, B], 'token-1'), reply([B, C], null)];
    expect(reviewedFaces(pages, new Map()).map((f) => f.runtime_face_uuid)).toEqual([A, B, C].map((f) => f.runtime_face_uuid));
    const answered = confirmedTo(A, A.matches[1]!.frontend_face_uuid);
    const overlay = new Map<string, DetectedFace | null>([
      [A.runtime_face_uuid, answered],
      [B.runtime_face_uuid, null],
    ]);
    expect(reviewedFaces(pages, overlay)).toEqual([answered, C]);
    expect(reviewedFaces(undefined, overlay)).toEqual([]);
  });
});

describe('answers', () => {
  it('confirm makes that candidate the exact match, and no other; Undo rejects it', () => {
    const second = A.matches[1]!.frontend_face_uuid;
    const confirmed = confirmedTo(undone(confirmedTo(A, A.matches[0]!.frontend_face_uuid)), second);
    expect(confirmed.matches.map((m) => [m.is_exact, m.is_rejected])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(exactMatch(confirmed)?.frontend_face_uuid).toBe(second);
    const back = undone(confirmed);
    expect(exactMatch(back)).toBeUndefined();
    expect(back.matches[1]).toMatchObject({ is_exact: false, is_rejected: true });
  });

  it('send is_correct true to confirm, false to undo (DECISIONS.md), is_face false for Not a Face', () => {
    const person = A.matches[0]!.frontend_face_uuid;
    expect(confirmBody(A, person)).toEqual({ runtime_face_uuids: [A.runtime_face_uuid], frontend_face_uuid: person, is_correct: true });
    expect(undoBody(A)).toBeNull();
    expect(undoBody(confirmedTo(A, person))).toEqual({
      runtime_face_uuids: [A.runtime_face_uuid],
      frontend_face_uuid: person,
      is_correct: false,
    });
    expect(notAFaceBody(A)).toEqual({ runtime_face_uuid: A.runtime_face_uuid, is_face: false });
  });
});

describe('asking for a page again', () => {
  const data = { pages: [reply([A, B], 'token-1'), reply([C], null)], pageParams: [undefined, 'token-1'] };

  it("finds the token of a detection's page", () => {
    expect(pageTokenOf(data, A.runtime_face_uuid)).toEqual({ token: undefined });
    expect(pageTokenOf(data, C.runtime_face_uuid)).toEqual({ token: 'token-1' });
    expect(pageTokenOf(data, 'b0000000-0000-4000-8000-000000000099')).toBeNull();
  });

  it("touched faces take the server's word unless an answer is on its way; removed ones stay removed", () => {
    const overlay = new Map<string, DetectedFace | null>([
      [A.runtime_face_uuid, undone(A)],
      [B.runtime_face_uuid, null],
      [C.runtime_face_uuid, confirmedTo(C, 'x')],
    ]);
    const freshA = confirmedTo(A, A.matches[0]!.frontend_face_uuid);
    const next = withFreshFaces(overlay, [freshA, B, C], new Set([C.runtime_face_uuid]));
    expect(next.get(A.runtime_face_uuid)).toBe(freshA);
    expect(next.get(B.runtime_face_uuid)).toBeNull();
    expect(next.get(C.runtime_face_uuid)).toBe(overlay.get(C.runtime_face_uuid));
  });

  it('replaces loaded faces in place, adding none', () => {
    const freshB = { ...B, face_height: 99 };
    const newcomer = detection('9', []);
    const next = withFreshPages(data, [freshB, newcomer]);
    expect(next.pages[0]!.faces).toEqual([A, freshB]);
    expect(next.pages[1]!.faces).toEqual([C]);
  });
});

describe('times and counts', () => {
  it('the list reaches back to the oldest time of the last page that had one', () => {
    const pages: FacesDetectedReply[] = [
      reply([A], 't', { oldest: '2026-11-20T11:00:00Z' }),
      reply([], 't', { oldest: null, more: false }),
    ];
    expect(oldestShownTime(pages)).toBe('2026-11-20T11:00:00Z');
    expect(oldestShownTime([])).toBeNull();
    expect(newestShownAt([reply([B, A], null)])).toBe(Date.parse(A.captured_at));
    expect(newestShownAt(undefined)).toBeNull();
  });

  it('holds the newest token a reply gave, never a null one', () => {
    expect(heldToken([reply([A], 'token-1'), reply([B], 'token-2')])).toBe('token-2');
    expect(heldToken([reply([A], 'token-1'), reply([B], null)])).toBe('token-1');
    expect(heldToken([reply([A], null)])).toBeNull();
    expect(heldToken(undefined)).toBeNull();
  });

  it("new results: the server's count, else what the first page holds newer than the newest shown", () => {
    expect(newResultsCount({ new_results: 3, faces: [] }, 0)).toBe(3);
    const newest = Date.parse(B.captured_at);
    expect(newResultsCount({ new_results: 0, faces: [A, B] }, newest)).toBe(1);
    expect(newResultsCount({ new_results: 0, faces: [A, B] }, null)).toBe(2);
  });
});

describe('selectedIndex', () => {
  const faces = [A, B, C];
  it('follows the chosen detection; when it leaves, the one now in its place; else the last', () => {
    expect(selectedIndex(faces, null)).toBe(0);
    expect(selectedIndex(faces, { id: B.runtime_face_uuid, index: 1 })).toBe(1);
    expect(selectedIndex([A, C], { id: B.runtime_face_uuid, index: 1 })).toBe(1);
    expect(selectedIndex([A], { id: C.runtime_face_uuid, index: 2 })).toBe(0);
    expect(selectedIndex([], null)).toBe(-1);
  });
});
