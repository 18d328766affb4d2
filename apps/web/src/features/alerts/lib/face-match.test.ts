import { describe, expect, it } from 'vitest';
import { alertFixture } from './elopement-alert.fixture';
import { afterAction, faceMatchActions, faceMatchState } from './face-match';

describe('face match on an alert frame', () => {
  it('offers Correct, Wrong person and Not a Face while unset', () => {
    const alert = alertFixture('1', 0);
    expect(faceMatchState(alert)).toBe('unset');
    const actions = faceMatchActions(alert);
    expect(actions.map((a) => a.label)).toEqual(['Correct', 'Wrong person', 'Not a Face']);
    expect(actions[0]).toEqual({
      label: 'Correct',
      call: 'facematchconfirm',
      body: { runtime_face_uuid: alert.runtime_face_uuid, frontend_face_uuid: alert.frontend_face_uuid, is_correct: true },
    });
    expect(actions[1]?.body).toMatchObject({ is_correct: false });
    expect(actions[2]).toEqual({
      label: 'Not a Face',
      call: 'faceconfirm',
      body: { runtime_face_uuid: alert.runtime_face_uuid, is_face: false },
    });
  });

  it('after Correct or Wrong person, only Undo, which sets the match back to unset (null)', () => {
    for (const face_match of [true, false]) {
      const alert = alertFixture('1', 0, { face_match });
      expect(faceMatchState(alert)).toBe(face_match ? 'confirmed' : 'wrong_person');
      const actions = faceMatchActions(alert);
      expect(actions).toHaveLength(1);
      expect(actions[0]).toMatchObject({ label: 'Undo', call: 'facematchconfirm', body: { is_correct: null } });
      expect(afterAction(actions[0]!)).toEqual({ face_match: null });
    }
  });

  it('after Not a Face, only Undo, which marks the frame a face again', () => {
    const alert = alertFixture('1', 0, { not_a_face: true, face_match: true });
    expect(faceMatchState(alert)).toBe('not_a_face');
    const actions = faceMatchActions(alert);
    expect(actions).toEqual([{ label: 'Undo', call: 'faceconfirm', body: { runtime_face_uuid: alert.runtime_face_uuid, is_face: true } }]);
    expect(afterAction(actions[0]!)).toEqual({ not_a_face: false });
  });

  it('each answer predicts the state the server will report', () => {
    const [correct, wrong, notFace] = faceMatchActions(alertFixture('1', 0));
    expect(afterAction(correct!)).toEqual({ face_match: true });
    expect(afterAction(wrong!)).toEqual({ face_match: false });
    expect(afterAction(notFace!)).toEqual({ not_a_face: true });
  });
});
