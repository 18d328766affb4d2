import type { ElopementAlert, FaceConfirmBody, FaceMatchConfirmRequest } from '@vigil/contract';

/** The face match on an alert frame (spec part 1 §4): unset, confirmed, wrong person, or not a face at all. */
export type FaceMatchState = 'unset' | 'confirmed' | 'wrong_person' | 'not_a_face';

export function faceMatchState(alert: Pick<ElopementAlert, 'face_match' | 'not_a_face'>): FaceMatchState {
  if (alert.not_a_face) return 'not_a_face';
  if (alert.face_match === true) return 'confirmed';
  if (alert.face_match === false) return 'wrong_person';
  return 'unset';
}

export const FACE_MATCH_LABELS: Record<FaceMatchState, string> = {
  unset: 'Match not yet checked',
  confirmed: 'Match confirmed',
  wrong_person: 'Wrong person',
  not_a_face: 'Not a face',
};

/** A button on the alert and the call it makes. */
export type FaceMatchAction =
  | { label: 'Correct' | 'Wrong person' | 'Undo'; call: 'facematchconfirm'; body: FaceMatchConfirmRequest }
  | { label: 'Not a Face' | 'Undo'; call: 'faceconfirm'; body: FaceConfirmBody };

/** The buttons for a state: the three answers while unset, else one 'Undo' that takes the answer back. */
export function faceMatchActions(
  alert: Pick<ElopementAlert, 'face_match' | 'not_a_face' | 'runtime_face_uuid' | 'frontend_face_uuid'>,
): FaceMatchAction[] {
  const match = (label: 'Correct' | 'Wrong person' | 'Undo', isCorrect: boolean | null): FaceMatchAction => ({
    label,
    call: 'facematchconfirm',
    body: { runtime_face_uuid: alert.runtime_face_uuid, frontend_face_uuid: alert.frontend_face_uuid, is_correct: isCorrect },
  });
  const face = (label: 'Not a Face' | 'Undo', isFace: boolean): FaceMatchAction => ({
    label,
    call: 'faceconfirm',
    body: { runtime_face_uuid: alert.runtime_face_uuid, is_face: isFace },
  });
  switch (faceMatchState(alert)) {
    case 'unset':
      return [match('Correct', true), match('Wrong person', false), face('Not a Face', false)];
    case 'not_a_face':
      return [face('Undo', true)];
    default:
      return [match('Undo', null)];
  }
}

/** The alert as it will be after an action succeeds. */
export function afterAction(action: FaceMatchAction): Partial<Pick<ElopementAlert, 'face_match' | 'not_a_face'>> {
  return action.call === 'facematchconfirm' ? { face_match: action.body.is_correct } : { not_a_face: !action.body.is_face };
}
