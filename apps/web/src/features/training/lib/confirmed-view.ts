import { isFaceId, type ConfirmedFace } from '@vigil/contract';
import { CONFIRMED_TEXTS } from './training-texts';

/**
 * /confirmed/:faceId? (part 2 §2): one person's confirmed faces when the id is valid and names a person of the
 * building, titled with their name; otherwise everyone's, 'All Confirmed Faces'.
 */
export function confirmedView(
  faceId: string | undefined,
  knownName: (id: string) => string | undefined,
): { personId: string | null; title: string } {
  const name = isFaceId(faceId) ? knownName(faceId) : undefined;
  return name !== undefined && isFaceId(faceId)
    ? { personId: faceId, title: CONFIRMED_TEXTS.forPerson(name) }
    : { personId: null, title: CONFIRMED_TEXTS.all };
}

interface ConfirmedPage {
  faces_confirmed: readonly ConfirmedFace[];
  total: number;
}

/**
 * Everyone's confirmed faces come 50 at a time (TRAINING_API.confirmedPageSize): the next page starts after the faces
 * still loaded (a removed one has left the server's list too), until the total is loaded or a page comes back empty.
 */
export function nextConfirmedOffset(last: ConfirmedPage, all: readonly ConfirmedPage[]): number | undefined {
  const loaded = all.reduce((sum, page) => sum + page.faces_confirmed.length, 0);
  return last.faces_confirmed.length > 0 && loaded < last.total ? loaded : undefined;
}
