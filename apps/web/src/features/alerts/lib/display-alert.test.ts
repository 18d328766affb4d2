import { ERASED_PERSON, dummyName } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { displayAlert, isErasedAlert } from './display-alert';
import { alertFixture } from './elopement-alert.fixture';

describe('elopement alerts as the cards show them (dummy face names flag, part 1 §3)', () => {
  const alert = alertFixture('1', 1_790_000_000, {
    gender: 'female',
    description: 'Margaret Hill (elopement risk) seen at Front Entrance Outdoor',
  });

  it('shows the real name with the flag off, and the same object', () => {
    expect(displayAlert(alert, false)).toBe(alert);
  });

  it("shows the person's made-up name with the flag on, the same one the faces pages show", () => {
    const made = dummyName(alert.frontend_face_uuid, 'female');
    const shown = displayAlert(alert, true);
    expect(shown.person_name).toBe(made.person_name);
    expect(shown.description).toBe(`${made.person_name} (elopement risk) seen at Front Entrance Outdoor`);
    expect(JSON.stringify(shown)).not.toContain('Margaret');
    expect(shown).toEqual({ ...alert, person_name: made.person_name, description: shown.description });
  });

  it('uses a name read as neither gender when the person has none', () => {
    const shown = displayAlert({ ...alert, gender: null }, true);
    expect(shown.person_name).toBe(dummyName(alert.frontend_face_uuid, null).person_name);
  });

  it("an erased person's alert stays 'Erased person' with the flag on, and is known as erased", () => {
    const erased = {
      ...alert,
      frontend_face_uuid: ERASED_PERSON.uuid,
      runtime_face_uuid: ERASED_PERSON.uuid,
      person_name: 'Erased person',
      description: 'Erased person',
      gender: null,
    };
    expect(displayAlert(erased, true)).toBe(erased);
    expect(isErasedAlert(erased)).toBe(true);
    expect(isErasedAlert(alert)).toBe(false);
  });
});
