import {
  formatUtc,
  roleFlags,
  storedRiskHours,
  type ConsentPurpose,
  type Face,
  type FaceConsent,
  type FaceRole,
  type HistoryEntry,
} from '@vigil/contract';
import type { FaceImageRow, FaceRow } from '../../db/schema.js';
import { framePath } from '../../media/frames.js';
import { type FrameAvailability } from '../../media/frame-availability.js';
import type { HistoryRow, PersonHead, PersonRow } from './registry.repository.js';

// Row-to-reply shaping of the faces registry: pure functions, given what they show (signing is the caller's).

type FaceImageOut = Face['images'][number];

/** Signs a media scope (a file, or a folder ending in '/'): the link the API hands out. */
export type SignLink = (scope: string) => string;

/** What presenting a person needs besides their row. */
export interface PersonExtras {
  photos: readonly FaceImageRow[];
  /** detections confirmed to them */
  tagged: number;
  /** camera names of the building, deleted cameras included */
  names: ReadonlyMap<string, string>;
  /** whether a recording holds their last sighting (see isPictured) */
  pictured: boolean;
  sign: SignLink;
}

/** A person as the API shows them: photos and last-seen pictures as signed links. */
export function presentPerson(p: PersonRow, x: PersonExtras): Face {
  const seen = p.last_seen_at !== null && p.last_seen_detection_id !== null && p.last_seen_camera_uuid !== null;
  return {
    frontend_face_uuid: p.uuid,
    domain_uuid: p.domain_uuid,
    person_name: `${p.first_name} ${p.last_name}`,
    first_name: p.first_name,
    last_name: p.last_name,
    role: p.role as Face['role'],
    gender: p.gender as Face['gender'],
    complexion: p.complexion as Face['complexion'],
    room: p.room,
    bed: p.bed,
    unit: p.unit,
    wing: p.wing,
    card: p.card,
    elopement_risk: p.elopement_risk === 1,
    elopement_risk_hours: p.elopement_risk === 1 ? storedRiskHours(p.elopement_risk_hours) : null,
    email: p.email,
    employee_role: p.employee_role as Face['employee_role'],
    ...roleFlags(p.role as FaceRole),
    images: x.photos.map((photo) => presentPhoto(p.uuid, photo, x.sign)),
    images_tagged: x.tagged,
    last_seen_datetime: seen ? formatUtc(new Date(p.last_seen_at!)) : null,
    last_seen_camera_uuid: seen ? p.last_seen_camera_uuid : null,
    last_seen_camera_description: seen ? (x.names.get(p.last_seen_camera_uuid!) ?? 'Removed camera') : null,
    last_seen_detection_id: seen ? p.last_seen_detection_id : null,
    last_seen_preview: x.pictured ? x.sign(framePath('poster', p.last_seen_detection_id!)) : null,
    last_seen_frame_uri: x.pictured ? x.sign(framePath('face', p.last_seen_detection_id!)) : null,
    consent: currentConsent(p),
  };
}

/** A person's current consent from their row (faces.consent and consent_purposes); null when none was recorded. */
export function currentConsent(person: Pick<FaceRow, 'consent' | 'consent_purposes'>): FaceConsent | null {
  if (person.consent !== 'given' && person.consent !== 'refused') return null;
  return { state: person.consent, purposes: person.consent_purposes ? (JSON.parse(person.consent_purposes) as ConsentPurpose[]) : [] };
}

/** A registry photo: one signature for the person's folder covers the photo and its thumbnail. */
export function presentPhoto(person: string, photo: FaceImageRow, sign: SignLink): FaceImageOut {
  const folder = sign(`people/${person}/`);
  return {
    uuid: photo.uuid,
    orientation: photo.orientation as FaceImageOut['orientation'],
    uri: `${folder}${photo.file.slice(photo.file.lastIndexOf('/') + 1)}`,
    thumbnail_uri: `${folder}${photo.thumbnail_file.slice(photo.thumbnail_file.lastIndexOf('/') + 1)}`,
  };
}

/** One entry of a person's history: a sighting with the ones merged into it (mergeDetections). */
export function presentHistoryEntry(
  parent: HistoryRow,
  merged: number,
  x: { names: ReadonlyMap<string, string>; poster: boolean; face: boolean; sign: SignLink },
): HistoryEntry {
  return {
    runtime_face_uuid: parent.runtime_face_uuid,
    frontend_face_uuid: parent.frontend_face_uuid,
    captured_at: formatUtc(new Date(parent.captured_at)),
    camera_uuid: parent.camera_uuid,
    camera_description: x.names.get(parent.camera_uuid) ?? 'Removed camera',
    match_confidence: parent.confidence,
    face_confidence: parent.face_confidence,
    merged: merged > 0,
    mergeCount: merged + 1,
    confirmed: parent.match_confirmed === 1,
    confirmed_at: parent.match_confirmed === 1 && parent.reviewed_at !== null ? formatUtc(new Date(parent.reviewed_at)) : null,
    poster_uri: x.poster ? x.sign(framePath('poster', parent.runtime_face_uuid)) : null,
    frame_uri: x.face ? x.sign(framePath('face', parent.runtime_face_uuid)) : null,
  };
}

/** Whether the last sighting's pictures can be shown (a recording holds that moment). */
export function isPictured(p: PersonHead, frames: Pick<FrameAvailability, 'has'>): boolean {
  return (
    p.last_seen_at !== null &&
    p.last_seen_detection_id !== null &&
    p.last_seen_camera_uuid !== null &&
    frames.has(p.last_seen_camera_uuid, p.last_seen_at)
  );
}
