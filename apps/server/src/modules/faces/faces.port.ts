import { faceInfoSchema } from '@vigil/contract';
import type { DetectionRecord, FaceDetectionRow, FaceImageRow, FaceRow } from '../../db/schema.js';
import type { ConsentCheck, ConsentService } from './consent.service.js';
import type { FacesRepository } from './faces.repository.js';
import type { FaceReviewsService } from './face-reviews.service.js';
import type { PeopleView, PersonCard } from './people-view.js';
import type { RegistryRepository } from './registry.repository.js';
import type { SightingsRepository } from './sightings.repository.js';
import type { RegistryWriter } from './registry-writer.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';

export type { ConsentCheck };

/**
 * What other modules use of the faces registry (faces owns it): ingest records the faces detectors saw, alerts review
 * them, analyzers read the gallery. They come through here, never through faces' repositories.
 */
export class FacesPort {
  constructor(
    private readonly d: {
      db: Db;
      dialect: Pick<SqlDialect, 'lockDomain'>;
      faces: FacesRepository;
      sightings: SightingsRepository;
      registry: RegistryRepository;
      reviews: FaceReviewsService;
      view: PeopleView;
      writer: RegistryWriter;
      consent: ConsentService;
    },
  ) {}

  /** How people are shown elsewhere (name, role, photo), deleted ones included. */
  async cards(uuids: Iterable<string>): Promise<Map<string, PersonCard>> {
    const ids = [...new Set(uuids)];
    return ids.length === 0 ? new Map() : this.d.view.cards(await this.d.faces.peopleByIds(ids));
  }

  /**
   * 'Visitor': a new regular_visitor of the detection's building, its face crop their front photo, and the detection
   * confirmed to them. Null when the detection was made a visitor meanwhile (the new person is removed again).
   */
  async addVisitor(detection: FaceDetectionRow, photo: Buffer, by: string, at: number): Promise<string | null> {
    const info = faceInfoSchema.parse({
      first_name: 'Visitor',
      last_name: new Date(detection.captured_at).toISOString().slice(0, 16).replace('T', ' '),
      role: 'regular_visitor',
      // Not known from a face: staff change them in the registry.
      gender: 'other',
      complexion: 'Other',
      images: { add: [{ orientation: 'front', data: photo.toString('base64') }] },
    });
    const uuid = await this.d.writer.create(detection.domain_uuid, info);
    if (await this.d.reviews.markVisitor(detection.runtime_face_uuid, uuid, by, at)) return uuid;
    await this.d.writer.remove(uuid);
    return null;
  }

  /** The faces a camera saw between two moments (a door around a badge tap), oldest first, with their embeddings. */
  atCamera(camera: string, from: number, to: number, limit: number) {
    return this.d.sightings.atCamera(camera, from, to, limit);
  }

  /** Embeddings of detections made by `embedder` (the faces confirmed to a badge identity). */
  embeddingsOf(ids: readonly string[], embedder: string): Promise<Map<string, Float32Array>> {
    return this.d.sightings.embeddingsOf(ids, embedder);
  }

  /** The registry people of a building by card number (a badge identity is linked to its holder this way). */
  byCards(domain: string, cards: readonly string[]): Promise<{ uuid: string; card: string }[]> {
    return this.d.faces.byCards(domain, cards);
  }

  /** A person, deleted ones included (see removed_at). */
  person(uuid: string): Promise<FaceRow | undefined> {
    return this.d.faces.person(uuid);
  }

  /** The people among `uuids` that belong to the building, in the caller's transaction. */
  peopleIn(trx: Trx, domain: string, uuids: string[]): Promise<FaceRow[]> {
    return this.d.faces.peopleIn(trx, domain, uuids);
  }

  /** Which of `uuids` name a person of any building (deleted ones included), in the caller's transaction. */
  existing(trx: Trx, uuids: string[]): Promise<Set<string>> {
    return this.d.faces.existing(trx, uuids);
  }

  /** The detections among `ids` already stored (a detector's retries, or a face sent first and its pictures after), with who sent each. */
  knownDetections(db: Executor, ids: readonly string[]): Promise<Map<string, string | null>> {
    return this.d.faces.knownDetections(db, ids);
  }

  /** Stores detections, and each person's last seen moves forward to their newest sighting among them. */
  async recordDetections(trx: Trx, rows: DetectionRecord[]): Promise<void> {
    await this.d.faces.insertDetections(trx, rows);
    await this.d.registry.advanceLastSeen(trx, rows);
  }

  detection(runtimeFaceUuid: string): Promise<FaceDetectionRow | undefined> {
    return this.d.faces.detection(runtimeFaceUuid);
  }

  /**
   * The same answer about each detection's match: true it is this person, false it is not, null no opinion. Faces
   * confirmed to someone the building may not recognise keep no embedding (nor does anything else matched to them).
   */
  async reviewMatch(runtimeFaceUuids: string[], person: string, answer: boolean | null, by: string, at: number): Promise<void> {
    await this.d.reviews.reviewMatch(runtimeFaceUuids, person, answer, by, at);
    const row = answer === true ? await this.d.faces.person(person) : undefined;
    if (row && (await this.d.consent.unrecognisable(row.domain_uuid)).has(person)) await this.d.consent.forget([person]);
  }

  /** 'Not a Face' (false) or taking it back (true). */
  reviewIsFace(runtimeFaceUuid: string, isFace: boolean | null, by: string, at: number): Promise<void> {
    return this.d.reviews.reviewIsFace(runtimeFaceUuid, isFace, by, at);
  }

  /**
   * What a building's gallery depends on: it changes whenever anyone or any photo in it does, and (with consent
   * required) whenever the setting or anyone's consent does.
   */
  async galleryVersion(domain: string): Promise<string> {
    const [registry, consent] = await Promise.all([this.d.registry.galleryVersion(domain), this.d.consent.galleryKey(domain)]);
    return consent ? `${registry}:${consent}` : registry;
  }

  /**
   * Registry photos' embeddings from an analyzer (photos of other buildings, and of people the building may not
   * recognise, are skipped); how many were new.
   */
  async storePhotoEmbeddings(
    domain: string,
    embedder: string,
    rows: { image_uuid: string; vector: Buffer }[],
    at: number,
  ): Promise<number> {
    // Under the building's lock, as consent changes are: an embedding is never kept of someone who just left.
    return this.d.db.transaction().execute(async (trx) => {
      await this.d.dialect.lockDomain(trx, domain);
      return this.d.faces.storePhotoEmbeddings(trx, domain, embedder, rows, at, await this.d.consent.unrecognisable(domain, trx));
    });
  }

  /** The photos of a building's people in service whom it may recognise: what its faces are matched against. */
  async galleryPhotos(domain: string): Promise<FaceImageRow[]> {
    const [photos, excluded] = await Promise.all([this.d.registry.galleryPhotos(domain), this.d.consent.unrecognisable(domain)]);
    return excluded.size === 0 ? photos : photos.filter((p) => !excluded.has(p.face_uuid));
  }

  /** The building's people in service who may not be recognised now (consent required and not given): none while off. */
  unrecognisable(domain: string): Promise<Set<string>> {
    return this.d.consent.unrecognisable(domain);
  }

  /** The building's consent rule, read once in the caller's transaction: whether a person may be recognised, or raise alerts. */
  consentCheck(trx: Trx, domain: string): Promise<ConsentCheck> {
    return this.d.consent.check(trx, domain);
  }

  /** After the building's setting changed (in its transaction): with it on, the face data of everyone without consent goes. */
  consentSettingChanged(trx: Trx, domain: string): Promise<void> {
    return this.d.consent.settingChanged(trx, domain);
  }
}
