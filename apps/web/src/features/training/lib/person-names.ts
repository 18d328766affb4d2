import { dummyName, type Face } from '@vigil/contract';

/** The names the training pages show for people, by frontend_face_uuid. */
export interface PersonNames {
  /** The name to show: with the dummy face names flag on the made-up one (part 1 §3), else the one the reply gave. */
  of(personId: string, given?: string): string;
  /** The person's name when they are one of the building's people, else undefined. */
  known(personId: string): string | undefined;
}

/**
 * The names as the faces pages show them. Detections and confirmed faces carry no gender, so with the dummy names flag
 * on the building's people list supplies it: the made-up name is then the same one the faces pages show.
 */
export function personNames(people: readonly Face[] | undefined, dummy: boolean): PersonNames {
  const byId = new Map((people ?? []).map((person) => [person.frontend_face_uuid, person]));
  const of = (personId: string, given?: string): string => {
    const person = byId.get(personId);
    if (dummy) return dummyName(personId, person?.gender ?? null).person_name;
    return given ?? person?.person_name ?? personId;
  };
  return { of, known: (personId) => (byId.has(personId) ? of(personId) : undefined) };
}
