import type { Generated, Insertable, Selectable } from 'kysely';

/** The faces registry and what detectors saw of faces, with people's answers (times in epoch ms, as in schema.ts). */

/** A person in the faces registry (part 2 §3); this issue needs residents with elopement_risk. */
export interface FaceTable {
  uuid: string;
  domain_uuid: string;
  first_name: string;
  last_name: string;
  role: string;
  gender: string | null;
  complexion: string | null;
  room: string | null;
  bed: string | null;
  elopement_risk: number;
  /** when the elopement risk holds: JSON {days, time_range} (the alert rules' time rules); null: always */
  elopement_risk_hours: string | null;
  email: string | null;
  employee_role: string | null;
  created_at: number;
  updated_at: number;
  unit: Generated<string | null>;
  wing: Generated<string | null>;
  card: Generated<string | null>;
  /** deleted: out of every list and no longer recognised; the row stays for the alerts and tags that name them */
  removed_at: Generated<number | null>;
  /** the newest detection matched to them (not marked wrong or not a face), kept by ingest and reviews */
  last_seen_at: Generated<number | null>;
  last_seen_camera_uuid: Generated<string | null>;
  last_seen_detection_id: Generated<string | null>;
  /** the current consent (face_consents' newest): 'given', 'refused', or null when none was recorded */
  consent: Generated<string | null>;
  /** JSON array of what the consent covers ('recognition', 'alerts'), with `consent` */
  consent_purposes: Generated<string | null>;
}

/** Every consent answer recorded for a person, the newest counting (issue 27). */
export interface FaceConsentTable {
  seq: Generated<number>;
  face_uuid: string;
  domain_uuid: string;
  state: 'given' | 'refused';
  /** 'person' or 'representative' (as for many residents) */
  given_by: string;
  representative: string | null;
  /** JSON array: 'recognition', 'alerts' */
  purposes: string;
  note: string | null;
  recorded_by: string;
  recorded_at: number;
}

/** A registry photo (front or side), normalised and stored in the media folder with a thumbnail. */
export interface FaceImageTable {
  uuid: string;
  face_uuid: string;
  orientation: string;
  file: string;
  thumbnail_file: string;
  width: number;
  height: number;
  bytes: number;
  created_at: number;
}

/**
 * A face a detector saw; box is JSON {x,y,w,h} as fractions. `frontend_face_uuid`/`match_confirmed` are the match after
 * people's answers (contract `effectiveMatch` over face_reviews: 1 confirmed, 0 rejected, null the analyzer's word);
 * `analyzer_face_uuid` is the detector's match as sent, never changed. is_face: null unset, 0 'Not a Face', 1 a face.
 */
export interface FaceDetectionTable {
  runtime_face_uuid: string;
  domain_uuid: string;
  camera_uuid: string;
  captured_at: number;
  frontend_face_uuid: string | null;
  analyzer_face_uuid: Generated<string | null>;
  confidence: number;
  box: string | null;
  is_face: number | null;
  match_confirmed: number | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
  detector_id: string | null;
  created_at: number;
  face_confidence: number | null;
  face_height: number | null;
  /** JSON [{frontend_face_uuid, confidence}], best first (searchable as face_detection_candidates) */
  candidates: string | null;
  /** what made its embedding (face_embeddings): the detector's name for it, or `detector:<id>` when it named none */
  embedder: Generated<string | null>;
  /** the regular_visitor made from this face ('Visitor') */
  visitor_face_uuid: Generated<string | null>;
}

/** Every answer people gave about a detection, newest counting (the log, never overwritten). */
export interface FaceReviewTable {
  /** the log's order (answers in the same millisecond count in the order given) */
  seq: Generated<number>;
  runtime_face_uuid: string;
  domain_uuid: string;
  /** 'match': is it this person (answer 1, 0, null); 'face': is it a face (1, 0, null); 'visitor': made a visitor */
  kind: 'match' | 'face' | 'visitor';
  frontend_face_uuid: string | null;
  answer: number | null;
  reviewed_by: string;
  reviewed_at: number;
}

/** A detection's candidates (up to 4, best first): who it might be, searchable by person. */
export interface FaceDetectionCandidateTable {
  runtime_face_uuid: string;
  frontend_face_uuid: string;
  rank: number;
  confidence: number;
}

/** A detection's embedding: `dims` little-endian float32 numbers, made by `embedder` (never compared across embedders). */
export interface FaceEmbeddingTable {
  runtime_face_uuid: string;
  embedder: string;
  dims: number;
  vector: Buffer;
}

/** The match finder's index: an embedding's 256-bit code, with what a search filters by, in the order they arrived. */
export interface FaceEmbeddingCodeTable {
  seq: Generated<number>;
  runtime_face_uuid: string;
  domain_uuid: string;
  embedder: string;
  camera_uuid: string;
  captured_at: number;
  code: Buffer;
  /** the embedding in 8-bit numbers (bytes8) */
  vector8: Buffer;
}

export type FaceRow = Selectable<FaceTable>;
export type NewFace = Insertable<FaceTable>;
export type FaceImageRow = Selectable<FaceImageTable>;
export type FaceDetectionRow = Selectable<FaceDetectionTable>;
export type NewFaceDetection = Insertable<FaceDetectionTable>;
export type NewFaceReview = Insertable<FaceReviewTable>;
/** A detection as ingest records it: the row, its candidates (JSON on the row) and its embedding's raw bytes. */
export type DetectionRecord = NewFaceDetection & { runtime_face_uuid: string; embedding: Buffer | null };

/** A registry photo's embedding, per embedder (sent by the analyzers that embed the gallery). */
export interface FacePhotoEmbeddingTable {
  image_uuid: string;
  embedder: string;
  dims: number;
  vector: Buffer;
  created_at: number;
}

/** A building's trained recognizer and the figures measured on its held-out tags (part 2 §3 Model). */
export interface FaceModelTable {
  uuid: string;
  domain_uuid: string;
  label: string;
  status: 'training' | 'ready' | 'failed';
  progress: Generated<number>;
  message: string | null;
  embedder: string | null;
  created_by: string | null;
  created_at: number;
  finished_at: number | null;
  seed: number;
  held_out: string | null;
  top1_accuracy: number | null;
  top5_accuracy: number | null;
  false_accept_rate: number | null;
  false_accept_rate_negatives: number | null;
  threshold: number | null;
  calibration: string | null;
  prototypes: Buffer | null;
  num_identities: number | null;
  num_tags_training: number | null;
  num_tags_validation: number | null;
  num_negatives: number | null;
}

/** Part 2 §3 Model identity: a person a model knows, with the tags it learned from and held out. */
export interface FaceModelIdentityTable {
  model_uuid: string;
  frontend_face_uuid: string;
  name: string;
  category: string;
  num_tags_training: number;
  num_tags_validation: number;
  f1_score: number | null;
}

/** The model a building has loaded. */
export interface DomainModelTable {
  domain_uuid: string;
  model_uuid: string;
  loaded_at: number;
  loaded_by: string;
}

export type FaceModelRow = Selectable<FaceModelTable>;
export type NewFaceModel = Insertable<FaceModelTable>;
export type FaceModelIdentityRow = Selectable<FaceModelIdentityTable>;
