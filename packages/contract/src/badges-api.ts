import { z } from 'zod';
import { BADGES, CONFIDENCE_LABELS, badgeRoleSchema, identityIdSchema } from './badges.js';
import { storableText, uuidSchema } from './common.js';
import { reportSchema } from './reports.js';
import { isoUtcSchema } from './video.js';

// The badge calls (part 2 §3 entities, §7 calls) and taps in through the ingest API; the rules are in badges.ts.

// ---- entities (part 2 §3)

export const badgeCredentialSchema = z.object({
  credential_uuid: uuidSchema,
  /** what the access-control system calls it (a card number, shown masked to its last 4) */
  label: z.string(),
});
export type BadgeCredential = z.infer<typeof badgeCredentialSchema>;

export const badgeImageSchema = z.object({ uri: z.string(), thumbnail_uri: z.string() });

export const badgeIdentitySchema = z.object({
  identityId: identityIdSchema,
  name: z.string(),
  /** the registry person linked to this identity (by card number), or null */
  person_name: z.string().nullable(),
  frontend_face_uuid: uuidSchema.nullable(),
  unit: z.string().nullable(),
  role: badgeRoleSchema,
  /** fraction 0..1 (see matchRatio) */
  matchRatio: z.number(),
  /** taps */
  total: z.number().int(),
  /** taps with no face at the door */
  nullMatched: z.number().int(),
  matched: z.number().int(),
  wellTrained: z.boolean(),
  lastVerifiedTimestamp: z.string().nullable(),
  /** the last tap, Unix seconds */
  lastSeenUnixTimestamp: z.number().nullable(),
  credentials: z.array(badgeCredentialSchema),
  f1_score: z.number().nullable(),
  images_tagged: z.number().int(),
  images: z.array(badgeImageSchema),
  /** identities of the same unit */
  cotenants: z.array(z.object({ identityId: identityIdSchema, name: z.string(), role: badgeRoleSchema })),
});
export type BadgeIdentity = z.infer<typeof badgeIdentitySchema>;

export const matchConfidencesSchema = z.object({
  /** the calibrated confidence that the face is the person (0..1) */
  nn_prob: z.number(),
  /** Euclidean distance between the unit embeddings (0..2) */
  euc: z.number(),
  /** cosine similarity to the person's nearest prototype or photo */
  cos: z.number(),
  /** how much more alike the person is than the most alike other person */
  svn_margin: z.number(),
});
export type MatchConfidences = z.infer<typeof matchConfidencesSchema>;

export const badgeDetectionSchema = z.object({
  detectionId: uuidSchema,
  capturedAt: z.string(),
  /** the face is more like a co-tenant than the holder */
  isCotenant: z.boolean(),
  matchConfidences: matchConfidencesSchema.nullable(),
  cotenantMatchConfidences: z.array(matchConfidencesSchema.extend({ identity_id: identityIdSchema, name: z.string() })),
  matchConfidenceLabel: z.enum(CONFIDENCE_LABELS).nullable(),
  cotenantMatchConfidenceLabel: z.object({ label: z.enum(CONFIDENCE_LABELS).nullable(), identity_id: identityIdSchema.nullable() }),
  faceDetectorConfidence: z.number().nullable(),
  score: z.number(),
  verified: z.boolean(),
  /** confirmed to this identity (true), rejected for it (false), or neither (null) */
  confirmed: z.boolean().nullable(),
  /** the registry person the analyzer named, if any */
  namedPerson: z.string().nullable(),
  /** the passage (one person going through the door) this detection belongs to, numbered within the tap */
  passage: z.number().int(),
  /** the face crop's signed link; null when there is no picture (none was sent and the recording does not hold the moment) */
  imageUrl: z.string().nullable(),
});
export type BadgeDetection = z.infer<typeof badgeDetectionSchema>;

export const REJECTED_FOR = ['WRONG_PERSON'] as const;

/** Part 2 §3: a confirmed detection (verified match). */
export const confirmedTagSchema = z.object({
  access_event_uuid: uuidSchema,
  detection_id: uuidSchema,
  identity_id: identityIdSchema,
  rejected: z.boolean().default(false),
  rejected_for: z.enum(REJECTED_FOR).nullable().optional(),
});
export type ConfirmedTag = z.infer<typeof confirmedTagSchema>;
export type ConfirmedTagInput = z.input<typeof confirmedTagSchema>;

export const storedTagSchema = confirmedTagSchema.extend({
  rejected: z.boolean(),
  rejected_for: z.enum(REJECTED_FOR).nullable(),
  verified_by: z.string().nullable(),
  verified_at: z.string(),
});
export type StoredTag = z.infer<typeof storedTagSchema>;

export const TAP_FLAGS = ['shared', 'tailgate'] as const;

export const accessEventSchema = z.object({
  uuid: uuidSchema,
  eventTimestamp: z.string(),
  accessPointDescription: z.string(),
  cameraUUID: uuidSchema.nullable(),
  credential_uuid: uuidSchema.nullable(),
  granted: z.boolean(),
  detections: z.array(badgeDetectionSchema),
  /** more detections exist in the tap's window than are listed (More Detections) */
  moreDetections: z.boolean(),
  confirmedDetections: z.array(storedTagSchema),
  lastVerifiedTenantDescription: z.string().nullable(),
  lastVerifiedTimestamp: z.string().nullable(),
  lastVerifiedBy: z.string().nullable(),
  bestMatchConfidenceLabel: z.enum(CONFIDENCE_LABELS).nullable(),
  /** people through the door in the tap's window (passages) */
  passages: z.number().int(),
  /** badge sharing: the door face is confidently another known person; tailgating: more people than taps */
  flags: z.array(z.enum(TAP_FLAGS)),
  sharedWith: z.string().nullable(),
  matched: z.boolean(),
});
export type AccessEvent = z.infer<typeof accessEventSchema>;

// ---- calls (part 2 §7)

export const domainQuerySchema = z.object({ domain_uuid: uuidSchema });

export const credentialsReplySchema = z.object({ ok: z.literal(true), identities: z.array(badgeIdentitySchema) });
export type CredentialsReply = z.infer<typeof credentialsReplySchema>;

export const ACCESS_EVENT_VIEWS = ['verifiable', 'all', 'verified'] as const;
export const accessEventsParamsSchema = z.object({ id: identityIdSchema });
export const accessEventsQuerySchema = z.object({
  domain_uuid: uuidSchema,
  limit: z.coerce.number().int().min(1).max(BADGES.maxEventsPage).default(BADGES.eventsPage),
  /** Verifiable Activity (taps with a face), All Activity, Verified Matches */
  view: z.enum(ACCESS_EVENT_VIEWS).default('verifiable'),
  credential_uuid: uuidSchema.optional(),
  /** the eventTimestamp of the last event of the previous page */
  before: isoUtcSchema.optional(),
});
export const accessEventsReplySchema = z.object({
  ok: z.literal(true),
  identity: badgeIdentitySchema,
  events: z.array(accessEventSchema),
  more: z.boolean(),
  /** the newest verification of this identity's events, for the 60-second warning */
  lastVerification: z.object({ by: z.string().nullable(), at: z.string().nullable() }).nullable(),
});
export type AccessEventsReply = z.infer<typeof accessEventsReplySchema>;

export const confirmedTagsBodySchema = z.array(confirmedTagSchema).max(1000);
export const confirmedTagsQuerySchema = z.object({ domain_uuid: uuidSchema, identity_id: identityIdSchema.optional() });
export const confirmedTagsReplySchema = z.object({ ok: z.literal(true), tags: z.record(z.string(), z.array(storedTagSchema)) });
export const confirmedTagsSavedSchema = z.object({ ok: z.literal(true), saved: z.number().int() });

export const scoreQuerySchema = z.object({ domain_uuid: uuidSchema, identity_id: identityIdSchema });
export const scoreReplySchema = z.object({
  ok: z.literal(true),
  matchRatio: z.number(),
  total: z.number().int(),
  matched: z.number().int(),
  nullMatched: z.number().int(),
});

export const credentialReportQuerySchema = z
  .object({
    domain_uuid: uuidSchema,
    identity_id: identityIdSchema.optional(),
    unit: z.string().trim().min(1).max(40).optional(),
    format: z.enum(['pdf', 'json']).default('json'),
  })
  .refine((q) => !(q.identity_id && q.unit), { message: 'give identity_id or unit, not both' });

/** More Detections: the faces at the tap's camera within a wider window, scored against the identity. */
export const tagSearchBodySchema = z.object({
  access_event_uuid: uuidSchema,
  identity_id: identityIdSchema,
  window_seconds: z
    .number()
    .int()
    .min(1)
    .max(BADGES.maxSearchWindowMs / 1000)
    .default(60),
  limit: z.number().int().min(1).max(200).default(60),
});
export const tagSearchReplySchema = z.object({ ok: z.literal(true), detections: z.array(badgeDetectionSchema) });

// ---- access events in (the ingest API, detector keys)

export const ingestTapSchema = z.object({
  /** the access-control system's own id for the tap: a retried request does not duplicate it */
  source_id: storableText(z.string().trim().min(1).max(128)),
  at: isoUtcSchema,
  access_point: z.object({
    id: storableText(z.string().trim().min(1).max(128)),
    description: storableText(z.string().trim().min(1).max(200)).optional(),
    /** the camera that sees this door (a camera of the key's building) */
    camera_uuid: uuidSchema.optional(),
  }),
  identity: z.object({
    id: identityIdSchema,
    name: storableText(z.string().trim().min(1).max(200)),
    unit: storableText(z.string().trim().min(1).max(40)).nullable().optional(),
    role: badgeRoleSchema.default('cotenant'),
  }),
  credential: z.object({
    id: storableText(z.string().trim().min(1).max(128)),
    label: storableText(z.string().trim().min(1).max(64)).optional(),
  }),
  /** whether the door let them in (a refused badge is a tap too) */
  granted: z.boolean().default(true),
});
export type IngestTap = z.infer<typeof ingestTapSchema>;
export type IngestTapInput = z.input<typeof ingestTapSchema>;
export const ingestTapsBodySchema = z.object({ taps: z.array(ingestTapSchema).min(1).max(BADGES.maxTaps) });
export const ingestTapsReplySchema = z.object({ ok: z.literal(true), accepted: z.number().int(), duplicates: z.number().int() });

/**
 * GET /api/faces/v1/credentials/report without format=pdf: the report as a table. With neither identity_id nor unit it is
 * the building's credential mismatch report for the last 7 days (the data refresh's 'Credential' step); its id is null
 * (made on request, not stored).
 */
export const credentialReportReplySchema = z.object({
  ok: z.literal(true),
  report: reportSchema.extend({ id: uuidSchema.nullable() }),
});
export type CredentialReportReply = z.infer<typeof credentialReportReplySchema>;
