import type { Generated, Selectable } from 'kysely';

/** Badges and reports (migration 0018; times in epoch ms, as in schema.ts). */

export interface BadgeIdentityTable {
  uuid: string;
  domain_uuid: string;
  /** the access-control system's 16-character id */
  identity_id: string;
  name: string;
  unit: string | null;
  role: string;
  /** the registry person (linked by card number) */
  face_uuid: string | null;
  /** counters the tap evaluator keeps: taps, taps whose door face is the holder, taps with no face at the door */
  taps: Generated<number>;
  matched: Generated<number>;
  null_matched: Generated<number>;
  /** non-rejected confirmations (tagged images) */
  tags: Generated<number>;
  last_tap_at: number | null;
  last_verified_at: number | null;
  last_verified_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface BadgeCredentialTable {
  uuid: string;
  domain_uuid: string;
  identity_uuid: string;
  credential_id: string;
  label: string;
  created_at: number;
}

export interface AccessPointTable {
  uuid: string;
  domain_uuid: string;
  external_id: string;
  description: string;
  camera_uuid: string | null;
  window_before_ms: number;
  window_after_ms: number;
  created_at: number;
}

export interface AccessEventTable {
  uuid: string;
  domain_uuid: string;
  source_id: string;
  detector_id: string | null;
  access_point_uuid: string;
  identity_uuid: string;
  credential_uuid: string | null;
  event_at: number;
  granted: number;
  received_at: number;
  evaluated_at: number | null;
  faces: number | null;
  passages: number | null;
  matched: number | null;
  best_label: string | null;
  /** the registry person whose face was at the door instead of the holder's (badge sharing) */
  shared_with: string | null;
  /** the face that best shows who was at the door (the report's picture) */
  door_face: string | null;
  tailgate: number | null;
}

export interface BadgeTagTable {
  access_event_uuid: string;
  detection_id: string;
  identity_uuid: string;
  domain_uuid: string;
  rejected: number;
  rejected_for: string | null;
  verified_by: string | null;
  verified_at: number;
}

/** A tap verified for an identity that keeps no face (consent required and not given): who and when (migration 0021). */
export interface BadgeVerificationTable {
  access_event_uuid: string;
  identity_uuid: string;
  domain_uuid: string;
  verified_by: string | null;
  verified_at: number;
}

export interface ReportTable {
  uuid: string;
  domain_uuid: string;
  kind: string;
  title: string;
  generated_at: number;
  start_at: number;
  end_at: number;
  generated_by: string | null;
  row_count: number;
  /** JSON ReportHeader[] */
  headers: string;
  /** JSON rows */
  body: string;
}

/** Whom a stored report's row is about, by id: a registry person or a badge identity (migration 0020). */
export interface ReportPersonTable {
  report_uuid: string;
  domain_uuid: string;
  /** the row's place in the report's body */
  row_index: number;
  subject_uuid: string;
  kind: 'person' | 'badge';
}

export type BadgeIdentityRow = Selectable<BadgeIdentityTable>;
export type BadgeCredentialRow = Selectable<BadgeCredentialTable>;
export type AccessPointRow = Selectable<AccessPointTable>;
export type AccessEventRow = Selectable<AccessEventTable>;
export type BadgeTagRow = Selectable<BadgeTagTable>;
export type BadgeVerificationRow = Selectable<BadgeVerificationTable>;
export type ReportRow = Selectable<ReportTable>;
