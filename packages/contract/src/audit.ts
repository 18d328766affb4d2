import { z } from 'zod';
import { flagIdSchema } from './flags.js';

/**
 * The audit trail (issue 27): an append-only record of who did what, in which building, when and from which address.
 * An entry never holds a secret (password, token, key, signed URL) or biometric data (no photo, crop or embedding;
 * a person is named by their registry id only).
 */
export const AUDIT_ACTIONS = [
  'signed_in',
  'watched_live',
  'played_recording',
  'downloaded_recording',
  'exported_clip',
  'dismissed_alert',
  'raised_alert',
  'acknowledged_alert',
  'escalated_alert',
  'changed_escalation',
  'subscribed_push',
  'unsubscribed_push',
  'changed_webhook',
  'answered_face_match',
  'reviewed_detection',
  'changed_person',
  'changed_consent',
  'changed_role',
  'changed_camera',
  'changed_flag',
  'changed_privacy',
  'trained_model',
  'loaded_model',
  'erased_person',
  'exported_person',
  'tagged_badge',
  'downloaded_report',
  'created_key',
  'revoked_key',
  'searched_faces',
  'generated_report',
  'viewed_report',
  'viewed_mismatches',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** What the audit page calls each action. */
export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  signed_in: 'Signed in',
  watched_live: 'Watched live video',
  played_recording: 'Played recorded video',
  downloaded_recording: 'Downloaded recorded video',
  exported_clip: 'Exported a long clip',
  dismissed_alert: 'Dismissed an alert',
  raised_alert: 'Raised an elopement alert',
  acknowledged_alert: 'Acknowledged an alert',
  escalated_alert: 'Escalated an alert',
  changed_escalation: 'Changed alert escalation',
  subscribed_push: 'Turned on alerts on a device',
  unsubscribed_push: 'Turned off alerts on a device',
  changed_webhook: 'Changed a webhook',
  answered_face_match: 'Answered a face match',
  reviewed_detection: 'Reviewed a detection',
  changed_person: 'Changed a person',
  changed_consent: 'Changed consent',
  changed_role: 'Changed a role',
  changed_camera: 'Changed a camera',
  changed_flag: 'Changed a flag',
  changed_privacy: 'Changed privacy settings',
  trained_model: 'Trained a model',
  loaded_model: 'Loaded a model',
  erased_person: 'Erased a person',
  exported_person: "Exported a person's data",
  tagged_badge: 'Verified faces at a badge tap',
  downloaded_report: 'Downloaded a report',
  created_key: 'Made a machine key',
  revoked_key: 'Revoked a machine key',
  searched_faces: 'Searched for a face',
  generated_report: 'Generated a report',
  viewed_report: 'Read a report',
  viewed_mismatches: 'Read the mismatch table',
};

/** A detail value: short words, numbers and times only (the writer keeps at most AUDIT.detailChars of JSON). */
export const auditDetailSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.iso.datetime(),
  user_email: z.string().nullable(),
  domain_uuid: z.string().nullable(),
  action: auditActionSchema,
  camera_uuid: z.string().nullable(),
  camera_name: z.string().nullable(),
  subject: z.string().nullable(),
  detail: auditDetailSchema,
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const optionalTime = z.iso.datetime({ offset: true }).optional();

/**
 * GET /api/v1/audit and GET /api/v1/audit.csv: entries newest first. `domain_uuid` is required (a building
 * administrator sees their building's entries only; account/view_audit in that building). `before` is the `seq` of
 * the last entry of the previous page.
 */
export const auditQuerySchema = z.object({
  domain_uuid: z.uuid(),
  actor: z.string().trim().min(1).max(320).optional(),
  action: auditActionSchema.optional(),
  camera_uuid: z.uuid().optional(),
  from: optionalTime,
  to: optionalTime,
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditReplySchema = z.object({
  ok: z.literal(true),
  entries: z.array(auditEntrySchema),
  /** the `before` of the next page, or null at the end */
  next: z.number().int().nullable(),
});
export type AuditReply = z.infer<typeof auditReplySchema>;

/**
 * POST /api/v1/audit/flags (staff/feature_flags): a flag overridden in this browser (value) or its override cleared
 * (null). Flags live in the browser (part 1 §3); the server only learns of a change through this report.
 */
export const auditFlagBodySchema = z.object({ flag: flagIdSchema, value: z.boolean().nullable() });
export type AuditFlagBody = z.infer<typeof auditFlagBodySchema>;

export const AUDIT = {
  /** the most JSON characters an entry's detail keeps */
  detailChars: 1000,
  /** the most rows one CSV download holds */
  csvRows: 100_000,
} as const;

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = ['time', 'user', 'building', 'action', 'camera', 'subject', 'detail', 'address'] as const;
