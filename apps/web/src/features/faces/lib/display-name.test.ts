import { dummyName } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { displayFace, displayName } from './display-name';
import { faceFixture } from './face.fixture';

describe('names as these pages show them (dummy face names flag, part 1 §3)', () => {
  const face = faceFixture('1', { first_name: 'Margaret', last_name: 'Hill', gender: 'female' });

  it('shows the real name with the flag off, and the same object', () => {
    expect(displayName(face, false)).toBe('Margaret Hill');
    expect(displayFace(face, false)).toBe(face);
  });

  it('shows the made-up name of the person’s gender with the flag on, the same every time', () => {
    const made = dummyName(face.frontend_face_uuid, 'female');
    expect(displayName(face, true)).toBe(made.person_name);
    expect(displayName(face, true)).toBe(displayName({ ...face }, true));
    expect(displayName(face, true)).not.toBe('Margaret Hill');
  });

  it('replaces first, last and full name together, and nothing else', () => {
    const shown = displayFace(face, true);
    const made = dummyName(face.frontend_face_uuid, face.gender);
    expect(shown).toEqual({ ...face, first_name: made.first_name, last_name: made.last_name, person_name: made.person_name });
    expect(JSON.stringify(shown)).not.toContain('Margaret');
  });
});
