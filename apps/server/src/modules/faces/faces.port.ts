import type { DetectionRecord, FaceDetectionRow, FaceImageRow, FaceRow } from '../../db/schema.js';
import type { FacesRepository } from './faces.repository.js';
import type { FaceReviewsService } from './face-reviews.service.js';
import type { RegistryRepository } from './registry.repository.js';
import type { Trx } from '../../db/database.js';

/**
 * What other modules use of the faces registry (faces owns it): ingest records the faces detectors saw, alerts review
 * them, analyzers read the gallery. They come through here, never through faces' repositories.
 */
export class FacesPort {
  constructor(private readonly d: { faces: FacesRepository; registry: RegistryRepository; reviews: FaceReviewsService }) {}

  /** A person, deleted ones included (see removed_at). */
  person(uuid: string): Promise<FaceRow | undefined> {
    return this.d.faces.person(uuid);
  }

  /** The people among `uuids` that belong to the building, in the caller's transaction. */
  peopleIn(trx: Trx, domain: string, uuids: string[]): Promise<FaceRow[]> {
    return this.d.faces.peopleIn(trx, domain, uuids);
  }

  /** The detections among `ids` already stored (a detector's retries). */
  knownDetections(trx: Trx, ids: string[]): Promise<Set<string>> {
    return this.d.faces.knownDetections(trx, ids);
  }

  /** Stores detections, and each person's last seen moves forward to their newest sighting among them. */
  async recordDetections(trx: Trx, rows: DetectionRecord[]): Promise<void> {
    await this.d.faces.insertDetections(trx, rows);
    await this.d.registry.advanceLastSeen(trx, rows);
  }

  detection(runtimeFaceUuid: string): Promise<FaceDetectionRow | undefined> {
    return this.d.faces.detection(runtimeFaceUuid);
  }

  /** The same answer about each detection's match: true it is this person, false it is not, null no opinion. */
  reviewMatch(runtimeFaceUuids: string[], person: string, answer: boolean | null, by: string, at: number): Promise<void> {
    return this.d.reviews.reviewMatch(runtimeFaceUuids, person, answer, by, at);
  }

  /** 'Not a Face' (false) or taking it back (true). */
  reviewIsFace(runtimeFaceUuid: string, isFace: boolean | null, by: string, at: number): Promise<void> {
    return this.d.reviews.reviewIsFace(runtimeFaceUuid, isFace, by, at);
  }

  /** What a building's gallery depends on: it changes whenever anyone or any photo in it does. */
  galleryVersion(domain: string): Promise<string> {
    return this.d.registry.galleryVersion(domain);
  }

  /** The photos of a building's people in service: what its faces are matched against. */
  galleryPhotos(domain: string): Promise<FaceImageRow[]> {
    return this.d.registry.galleryPhotos(domain);
  }
}
