import { dummyName, type Face } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { personNames } from './person-names';

const MARGARET = 'f0ce0000-0000-4000-8000-000000000001';
const STRANGER = 'f0ce0000-0000-4000-8000-000000000009';
const people = [{ frontend_face_uuid: MARGARET, person_name: 'Margaret Hill', gender: 'female' } as Face];

describe('personNames', () => {
  it("shows the reply's name, else the registry's, else the id; only people of the building are known", () => {
    const names = personNames(people, false);
    expect(names.of(MARGARET, 'Margaret H.')).toBe('Margaret H.');
    expect(names.of(MARGARET)).toBe('Margaret Hill');
    expect(names.of(STRANGER)).toBe(STRANGER);
    expect(names.known(MARGARET)).toBe('Margaret Hill');
    expect(names.known(STRANGER)).toBeUndefined();
  });

  it('with the dummy names flag: the made-up name of their gender, the one the faces pages show', () => {
    const names = personNames(people, true);
    expect(names.of(MARGARET, 'Margaret Hill')).toBe(dummyName(MARGARET, 'female').person_name);
    expect(names.known(MARGARET)).toBe(dummyName(MARGARET, 'female').person_name);
    expect(names.of(STRANGER, 'Someone')).toBe(dummyName(STRANGER, null).person_name);
  });
});
