import type { Executor } from '../../db/database.js';
import type { PersonBadgesService } from '../badges/person-badges.service.js';
import type { OwnDetection, PersonDataRepository } from './person-data.repository.js';

/**
 * The detections that are the person's face, newest first: matched or confirmed to them, and the door faces confirmed
 * for their badges at taps (a confirmation of them, even where nobody named them on the face itself).
 */
export async function personDetections(
  db: Executor,
  d: { data: Pick<PersonDataRepository, 'ownDetections' | 'verifiedFor'>; badges: Pick<PersonBadgesService, 'verifiedFaces'> },
  person: string,
  badges: readonly string[],
): Promise<OwnDetection[]> {
  const own = await d.data.ownDetections(db, person);
  const ids = new Set(own.map((o) => o.runtime_face_uuid));
  const verified = await d.data.verifiedFor(
    db,
    person,
    (await d.badges.verifiedFaces(db, badges)).filter((id) => !ids.has(id)),
  );
  return [...own, ...verified].sort((a, b) => b.captured_at - a.captured_at || b.runtime_face_uuid.localeCompare(a.runtime_face_uuid));
}
