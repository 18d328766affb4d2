import { dummyName, type ElopementAlert } from '@vigil/contract';

/**
 * An elopement alert as the cards show it: with the dummy face names flag on (part 1 §3), the person's made-up name of
 * their gender, the same one the faces pages show, in place of the real one everywhere it appears.
 */
export function displayAlert(alert: ElopementAlert, dummy: boolean): ElopementAlert {
  if (!dummy) return alert;
  const shown = dummyName(alert.frontend_face_uuid, alert.gender).person_name;
  const description = alert.person_name === '' ? alert.description : alert.description.split(alert.person_name).join(shown);
  return { ...alert, person_name: shown, description };
}
