import { describe, expect, it } from 'vitest';
import { effectiveMatch, faceMatchConfirmBodySchema, type MatchAnswer } from './training.js';

const MARGARET = 'f0ce0001-0000-4000-8000-00000000a001';
const WALTER = 'f0ce0001-0000-4000-8000-00000000a002';
const EDITH = 'f0ce0001-0000-4000-8000-00000000a003';
const DETECTION = 'd0d0d0d0-0000-4000-8000-000000000001';
const answer = (person: string, value: boolean | null, at: number): MatchAnswer => ({ person, answer: value, at });

describe('effectiveMatch', () => {
  it("keeps the analyzer's match while nobody answered", () => {
    expect(effectiveMatch(MARGARET, [])).toEqual({ person: MARGARET, confirmed: null });
    expect(effectiveMatch(null, [])).toEqual({ person: null, confirmed: null });
  });

  it("confirms or rejects the analyzer's match, and taking the answer back restores it", () => {
    expect(effectiveMatch(MARGARET, [answer(MARGARET, true, 1)])).toEqual({ person: MARGARET, confirmed: 1 });
    expect(effectiveMatch(MARGARET, [answer(MARGARET, false, 1)])).toEqual({ person: MARGARET, confirmed: 0 });
    expect(effectiveMatch(MARGARET, [answer(MARGARET, false, 1), answer(MARGARET, null, 2)])).toEqual({
      person: MARGARET,
      confirmed: null,
    });
  });

  it('names the person a reviewer confirmed instead of the analyzer; an undo (null) or a false gives the analyzer its match back', () => {
    expect(effectiveMatch(MARGARET, [answer(WALTER, true, 1)])).toEqual({ person: WALTER, confirmed: 1 });
    expect(effectiveMatch(MARGARET, [answer(WALTER, true, 1), answer(WALTER, null, 2)])).toEqual({ person: MARGARET, confirmed: null });
    // The training tool's Undo sends false (DECISIONS.md): the detection goes back to review with the analyzer's match.
    expect(effectiveMatch(MARGARET, [answer(WALTER, true, 1), answer(WALTER, false, 2)])).toEqual({ person: MARGARET, confirmed: null });
  });

  it('counts the newest answer per person, by time and then by order, whatever order the answers come in', () => {
    expect(effectiveMatch(null, [answer(WALTER, null, 5), answer(WALTER, true, 3)])).toEqual({ person: null, confirmed: null });
    expect(effectiveMatch(null, [answer(WALTER, true, 5), answer(WALTER, false, 5)])).toEqual({ person: WALTER, confirmed: 0 });
    expect(effectiveMatch(MARGARET, [answer(EDITH, true, 2), answer(WALTER, true, 4)])).toEqual({ person: WALTER, confirmed: 1 });
    expect(effectiveMatch(MARGARET, [answer(WALTER, true, 4), answer(EDITH, true, 2)])).toEqual({ person: WALTER, confirmed: 1 });
  });

  it('keeps the newest rejection when the analyzer named nobody', () => {
    expect(effectiveMatch(null, [answer(WALTER, false, 1), answer(EDITH, false, 2)])).toEqual({ person: EDITH, confirmed: 0 });
    expect(effectiveMatch(null, [answer(EDITH, false, 2), answer(EDITH, null, 3)])).toEqual({ person: null, confirmed: null });
  });
});

describe('facematchconfirm body', () => {
  it('takes one detection or many, answered alike; a missing is_correct is no opinion', () => {
    expect(faceMatchConfirmBodySchema.parse({ runtime_face_uuid: DETECTION, frontend_face_uuid: WALTER, is_correct: true })).toEqual({
      runtime_face_uuids: [DETECTION],
      frontend_face_uuid: WALTER,
      is_correct: true,
    });
    expect(faceMatchConfirmBodySchema.parse({ runtime_face_uuids: [DETECTION, DETECTION], frontend_face_uuid: WALTER })).toEqual({
      runtime_face_uuids: [DETECTION],
      frontend_face_uuid: WALTER,
      is_correct: null,
    });
  });

  it('refuses both forms at once, neither, an empty or oversized list, and ids that are not uuids', () => {
    const refused = (body: object) => expect(faceMatchConfirmBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    refused({ runtime_face_uuid: DETECTION, runtime_face_uuids: [DETECTION], frontend_face_uuid: WALTER, is_correct: true });
    refused({ frontend_face_uuid: WALTER, is_correct: true });
    refused({ runtime_face_uuids: [], frontend_face_uuid: WALTER, is_correct: true });
    refused({ runtime_face_uuids: Array.from({ length: 501 }, () => DETECTION), frontend_face_uuid: WALTER, is_correct: true });
    refused({ runtime_face_uuid: 'not-a-uuid', frontend_face_uuid: WALTER, is_correct: true });
    refused({ runtime_face_uuid: DETECTION, frontend_face_uuid: WALTER, is_correct: 'yes' });
  });
});
