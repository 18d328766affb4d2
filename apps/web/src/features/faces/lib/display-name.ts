import { dummyName, type Face } from '@vigil/contract';

type Named = Pick<Face, 'frontend_face_uuid' | 'gender' | 'person_name'>;

/** The name shown for a person: with the dummy face names flag on, a made-up one by gender (part 1 §3). */
export function displayName(face: Named, dummy: boolean): string {
  return dummy ? dummyName(face.frontend_face_uuid, face.gender).person_name : face.person_name;
}

/**
 * The person as these pages show them: with the flag on, every name (first, last, full) is the made-up one, so lists,
 * search, sorts, titles and modals never show or find a real name.
 */
export function displayFace<T extends Face>(face: T, dummy: boolean): T {
  if (!dummy) return face;
  const names = dummyName(face.frontend_face_uuid, face.gender);
  return { ...face, first_name: names.first_name, last_name: names.last_name, person_name: names.person_name };
}
