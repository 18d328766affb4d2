import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  AccessEventTable,
  AccessPointTable,
  BadgeCredentialTable,
  BadgeIdentityTable,
  BadgeTagTable,
  BadgeVerificationTable,
  ReportPersonTable,
  ReportTable,
} from './schema-badges.js';
import type {
  AlertDeliveryAttemptTable,
  AlertDeliveryTable,
  AlertEscalationTable,
  ElopementAlertStepTable,
  PushSubscriptionTable,
  WebhookTable,
} from './schema-delivery.js';
import type { AnalyzerLeaseTable, AnalyzerTable, CameraAnalysisTable, DeploymentKeyTable, DetectorTable } from './schema-analyzers.js';
import type {
  FaceDetectionCandidateTable,
  FaceDetectionTable,
  FaceEmbeddingCodeTable,
  FaceEmbeddingTable,
  FaceImageTable,
  FaceReviewTable,
  FacePhotoEmbeddingTable,
  FaceModelTable,
  FaceModelIdentityTable,
  DomainModelTable,
  FaceTable,
  FaceConsentTable,
} from './schema-faces.js';

export * from './schema-analyzers.js';
export * from './schema-badges.js';
export * from './schema-faces.js';
export * from './schema-delivery.js';

/** Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite); JSON is stored as text. */
export interface DomainTable {
  uuid: string;
  description: string;
  preferences: string;
  timezone: string;
  geoloc: string | null;
  created_at: number;
  /** short name (onboarding's fname), unique */
  fname: Generated<string | null>;
  management_group: Generated<string | null>;
  /** the address chosen at onboarding */
  address: Generated<string | null>;
}

export interface CameraTable {
  uuid: string;
  domain_uuid: string;
  description: string;
  floor: number | null;
  label: string | null;
  protocol: string;
  host: string;
  port: number;
  path: string;
  username: string | null;
  password: string | null;
  created_at: number;
  is_exit: Generated<number>;
  /** When the camera was deleted: it is in no list and records no more, its history stays. */
  removed_at: Generated<number | null>;
  /** onboarding: Hikvision, Axis, UNV or TVI; nvr or internal; local or cloud GPU; channel and camera number */
  manufacturer: Generated<string | null>;
  connection: Generated<string | null>;
  gpu: Generated<string | null>;
  channel: Generated<number | null>;
  camera_number: Generated<number | null>;
  admin_url: Generated<string | null>;
  /** JSON {slack_channel, snooze, rate_limit, alertingclass} */
  alerting: Generated<string | null>;
}

/** An onboarded camera's streams: the one marked recorded is what the recorder opens (the camera row's path). */
export interface CameraStreamTable {
  camera_uuid: string;
  quality: string;
  video_url: string;
  clip_storage: string;
  snapshot_target: string;
  recorded: number;
}

export interface UserTable {
  id: string;
  email: string;
  display_name: string;
  created_at: number;
}

export interface RoleTable {
  name: string;
  description: string;
}

export interface RoleOperationTable {
  role: string;
  service: string;
  operation: string;
}

export interface UserRoleTable {
  user_id: string;
  domain_uuid: string;
  role: string;
}

export interface SessionTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface UsedNonceTable {
  nonce_hash: string;
  expires_at: number;
}

export interface PinTable {
  user_id: string;
  domain_uuid: string;
  pin_hash: string;
  updated_at: number;
}

export interface PinAttemptTable {
  id: string;
  user_id: string;
  domain_uuid: string;
  kind: string;
  ok: number;
  at: number;
  target_user_id: string | null;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

export interface ClipTable {
  camera_uuid: string;
  start_ms: number;
  duration_ms: number;
  size_bytes: number;
  file: string;
  created_at: number;
}

export interface LiveLeaseTable {
  id_hash: string;
  camera_uuid: string;
  user_id: string;
  expires_at: number;
  /** the session that asked for it (deleting the session deletes the lease) */
  session_hash: string | null;
  /** the duration asked for: the most a heartbeat extends it by */
  duration_ms: number | null;
  /** when the viewing started, and who watched from where (JSON {email, address}): audited when the lease ends */
  started_at: Generated<number | null>;
  viewer: Generated<string | null>;
}

/** objects: JSON array of names; metrics: JSON {description, detections}. alerted: 0/1. */
export interface EventTable {
  id: string;
  domain_uuid: string;
  camera_uuid: string;
  started_at: number;
  category: string;
  description: string;
  objects: string;
  metrics: string;
  alerted: number;
  rule_id: string | null;
  detector_id: string | null;
  source_id: string | null;
  created_at: number;
}

/** dismissed_by: whose dismissal it is (the PIN's owner, or the signed-in user); dismissed_from: the session's user. */
export interface ElopementAlertTable {
  alert_id: string;
  domain_uuid: string;
  camera_uuid: string;
  /** null once the person was erased (or the detection deleted): the alert keeps the fact without the face */
  runtime_face_uuid: string | null;
  frontend_face_uuid: string | null;
  event_ts: number;
  description: string;
  dismissed_at: number | null;
  dismissed_by: string | null;
  dismissed_via: string | null;
  dismissed_from: string | null;
  created_at: number;
  acknowledged_at: number | null;
  acknowledged_by: string | null;
  /** 'app' or 'push' */
  acknowledged_via: string | null;
  /** a push subscription's id (the device), null for a page */
  acknowledged_device: string | null;
  acknowledged_device_label: string | null;
  /** the tier told last (0: the first) */
  escalation_tier: Generated<number>;
  /** when the next tier is told, while nobody acknowledged nor dismissed it */
  next_escalation_at: number | null;
}

/** definition: JSON of the rule's fields (contract alertRuleInputSchema). */
export interface AlertRuleTable {
  id: string;
  domain_uuid: string;
  definition: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface AlertRuleStateTable {
  rule_id: string;
  camera_uuid: string;
  last_alert_at: number | null;
  last_seen_at: number | null;
}

export interface ClientErrorTable {
  id: string;
  at: number;
  user_id: string | null;
  kind: string;
  message: string;
  page: string;
  detail: string | null;
  user_agent: string | null;
}

/** The audit trail (issue 27): append-only; detail is small JSON without secrets or biometric data. */
export interface AuditLogTable {
  seq: Generated<number>;
  at: number;
  user_id: string | null;
  user_email: string | null;
  domain_uuid: string | null;
  action: string;
  camera_uuid: string | null;
  subject: string | null;
  detail: string | null;
  address: string | null;
}

/** A building's privacy settings: consent needed for recognition, retention periods (JSON days per category). */
export interface DomainPrivacyTable {
  domain_uuid: string;
  consent_required: Generated<number>;
  retention: Generated<string>;
  updated_at: number;
  updated_by: string | null;
}

/** A periodic sweep's state: the node holding it (a lease) and its last run (issue 27 retention). */
export interface RetentionSweepTable {
  name: string;
  lease_until: number | null;
  leased_by: string | null;
  last_started_at: number | null;
  last_finished_at: number | null;
  /** rows and files the last finished run deleted */
  last_deleted: number | null;
}

export interface Database {
  domains: DomainTable;
  cameras: CameraTable;
  camera_streams: CameraStreamTable;
  users: UserTable;
  roles: RoleTable;
  role_operations: RoleOperationTable;
  user_roles: UserRoleTable;
  sessions: SessionTable;
  used_nonces: UsedNonceTable;
  pins: PinTable;
  pin_attempts: PinAttemptTable;
  oidc_payloads: OidcPayloadTable;
  clips: ClipTable;
  live_leases: LiveLeaseTable;
  detectors: DetectorTable;
  deployment_keys: DeploymentKeyTable;
  analyzers: AnalyzerTable;
  analyzer_leases: AnalyzerLeaseTable;
  camera_analysis: CameraAnalysisTable;
  events: EventTable;
  faces: FaceTable;
  face_images: FaceImageTable;
  face_detections: FaceDetectionTable;
  face_reviews: FaceReviewTable;
  face_detection_candidates: FaceDetectionCandidateTable;
  face_embeddings: FaceEmbeddingTable;
  face_embedding_codes: FaceEmbeddingCodeTable;
  face_photo_embeddings: FacePhotoEmbeddingTable;
  face_models: FaceModelTable;
  face_model_identities: FaceModelIdentityTable;
  domain_models: DomainModelTable;
  elopement_alerts: ElopementAlertTable;
  alert_rules: AlertRuleTable;
  alert_rule_state: AlertRuleStateTable;
  client_errors: ClientErrorTable;
  audit_log: AuditLogTable;
  face_consents: FaceConsentTable;
  domain_privacy: DomainPrivacyTable;
  retention_sweeps: RetentionSweepTable;
  badge_identities: BadgeIdentityTable;
  badge_credentials: BadgeCredentialTable;
  access_points: AccessPointTable;
  access_events: AccessEventTable;
  badge_tags: BadgeTagTable;
  badge_verifications: BadgeVerificationTable;
  reports: ReportTable;
  report_people: ReportPersonTable;
  elopement_alert_steps: ElopementAlertStepTable;
  alert_escalation: AlertEscalationTable;
  push_subscriptions: PushSubscriptionTable;
  webhooks: WebhookTable;
  alert_deliveries: AlertDeliveryTable;
  alert_delivery_attempts: AlertDeliveryAttemptTable;
}

export type ClipRow = Selectable<ClipTable>;

export type DomainRow = Selectable<DomainTable>;
export type CameraRow = Selectable<CameraTable>;
export type NewCamera = Insertable<CameraTable>;
export type UserRow = Selectable<UserTable>;
export type EventRow = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
export type ElopementAlertRow = Selectable<ElopementAlertTable>;
export type NewElopementAlert = Insertable<ElopementAlertTable>;
export type AlertRuleRow = Selectable<AlertRuleTable>;
