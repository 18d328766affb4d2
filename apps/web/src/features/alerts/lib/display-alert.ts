import { ERASED_PERSON, dummyName, type ElopementAlert } from '@vigil/contract';

/**
 * An elopement alert as the cards show it: with the dummy face names flag on (part 1 §3), the person's made-up name of
 * their gender, the same one the faces pages show, in place of the real one everywhere it appears.
 */
export function displayAlert(alert: ElopementAlert, dummy: boolean): ElopementAlert {
  // An erased person's alert names nobody: there is no name to stand in for.
  if (!dummy || isErasedAlert(alert)) return alert;
  const shown = dummyName(alert.frontend_face_uuid, alert.gender).person_name;
  const description = alert.person_name === '' ? alert.description : alert.description.split(alert.person_name).join(shown);
  return { ...alert, person_name: shown, description };
}

/** An alert whose person was erased (issue 27): the fact stays, the face and name are gone, so nothing to answer. */
export const isErasedAlert = (alert: Pick<ElopementAlert, 'frontend_face_uuid'>): boolean =>
  alert.frontend_face_uuid === ERASED_PERSON.uuid;
