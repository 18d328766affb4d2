import { z } from 'zod';
import { uuidSchema } from './common.js';
import { reportSchema } from './reports.js';
import { isoUtcSchema } from './video.js';

// Badges (part 2 §2-§9, issue 29): door-badge (keycard) taps compared with the faces seen at the door. An access-control
// system sends taps; the faces the analyzer saw at the access point's camera around each tap are the tap's detections,
// scored against the badge holder and the holder's co-tenants on the building's calibrated scale.

export const BADGES = {
  /** Part 2 §9: credential identity ids are 16 characters. */
  identityIdLength: 16,
  /** Part 2 §9: the badge list's virtual rows. */
  cellHeight: 65,
  cellBuffer: 10,
  /** Part 2 §9: another person's verification within this long shows the staff warning. */
  recentVerificationMs: 60_000,
  /** Access events per page (Load More asks for the next). */
  eventsPage: 20,
  maxEventsPage: 100,
  /** Detections a tap shows at first; More Detections widens the window. */
  tapDetections: 12,
  /** Faces this long before and after a tap at its access point's camera are the tap's (per access point, changeable). */
  windowBeforeMs: 10_000,
  windowAfterMs: 10_000,
  /** More Detections: at most this far either side of the tap. */
  maxSearchWindowMs: 10 * 60_000,
  /** Consecutive detections of one person at a door are one passage: this close in time and this alike. */
  passageGapMs: 3_000,
  passageMinSimilarity: 0.5,
  /** Tailgating: more people through the door than taps within this long after a tap. */
  tailgateWindowMs: 10_000,
  /** An ingest request's taps. */
  maxTaps: 5000,
} as const;

/** Part 2 §3: a 16-character credential identity id (letters, digits, '-' and '_'). */
export const identityIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16}$/, `must be a credential identity id of exactly ${BADGES.identityIdLength} letters, digits, '-' or '_'`);

/** Roles an access-control system gives an identity; tor is the unit's tenant of record (key icon). */
export const BADGE_ROLES = ['tor', 'cotenant', 'staff', 'contractor', 'visitor'] as const;
export const badgeRoleSchema = z.enum(BADGE_ROLES);
export type BadgeRole = z.infer<typeof badgeRoleSchema>;

/** What the role tag says when clicked (part 2 §2: 'Unit {unit}', role shown on click). */
export const BADGE_ROLE_TEXT: Record<BadgeRole, string> = {
  tor: 'Tenant of record',
  cotenant: 'Co-tenant',
  staff: 'Staff',
  contractor: 'Contractor',
  visitor: 'Visitor',
};

// ---- rules (part 2 §4, §9)

export const CONFIDENCE_LABELS = ['High', 'Medium', 'Low'] as const;
export type ConfidenceLabel = (typeof CONFIDENCE_LABELS)[number];

/**
 * The label of a face's confidence against a person, on the building's calibrated scale: High from 0.98 (the spec's
 * green threshold), Medium from 0.90 (where Vigil names someone), Low from 0.50 (more likely them than not); below that no
 * label (gray).
 */
export const LABEL_FROM = { High: 0.98, Medium: 0.9, Low: 0.5 } as const;
export function confidenceLabel(confidence: number | null | undefined): ConfidenceLabel | null {
  if (confidence === null || confidence === undefined || !Number.isFinite(confidence)) return null;
  if (confidence >= LABEL_FROM.High) return 'High';
  if (confidence >= LABEL_FROM.Medium) return 'Medium';
  if (confidence >= LABEL_FROM.Low) return 'Low';
  return null;
}

/** A confirmation (verified match) of a detection at a tap, as the score counts it. */
export interface TagForScore {
  identity_id: string;
  rejected: boolean;
}

/**
 * Part 2 §4: a detection's score is the model's confidence against the identity, plus 2 for every non-rejected
 * confirmation for that identity and 1 for every other non-rejected confirmation.
 */
export function detectionScore(modelConfidence: number, tags: readonly TagForScore[], identityId: string): number {
  let score = modelConfidence;
  for (const tag of tags) if (!tag.rejected) score += tag.identity_id === identityId ? 2 : 1;
  return Math.round(score * 1000) / 1000;
}

/** Part 2 §4: verified when someone verified it (a verifier or a verification time) or its score exceeds 2. */
export function isVerified(d: { verifiedBy?: string | null; verifiedAt?: string | number | null; score: number }): boolean {
  return Boolean(d.verifiedBy) || (d.verifiedAt !== null && d.verifiedAt !== undefined) || d.score > 2;
}

export type DetectionColour = 'green' | 'yellow' | 'gray' | 'cotenant';

/** Part 2 §4: green (High or Medium or verified, not a co-tenant), yellow (Low), gray (no label, not verified), co-tenant. */
export function detectionColour(d: { isCotenant: boolean; label: ConfidenceLabel | null; verified: boolean }): DetectionColour {
  if (d.isCotenant) return 'cotenant';
  if (d.label === 'High' || d.label === 'Medium' || d.verified) return 'green';
  if (d.label === 'Low') return 'yellow';
  return 'gray';
}

/**
 * The match ratio (part 2 §3 matchRatio, the header's 'percent of taps match'): of the taps with a face at the door,
 * the share where a face is the holder (verified, or labelled High or Medium for them). Taps with no face (nullMatched)
 * can neither match nor mismatch, so they are not counted; 0 when no tap had a face.
 */
export function matchRatio(taps: { matched: number; total: number; nullMatched: number }): number {
  const verifiable = taps.total - taps.nullMatched;
  return verifiable <= 0 ? 0 : Math.round((taps.matched / verifiable) * 10_000) / 10_000;
}

/** Part 2 §9: percentages rounded to two decimals ('87.5%', '100%'). */
export function ratioPercent(fraction: number): string {
  return `${Math.round(fraction * 10_000) / 100}%`;
}

/** Part 1 §9: credential times 'YYYY-MM-DD HH:mm:ss UTC'. */
export function formatCredentialTime(at: string | number | Date): string {
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A name as the badge list shows it: 'MARY O'NEIL-SMITH' → "Mary O'Neil-Smith". */
export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s'\-.])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/**
 * The staff-only warning (part 2 §2, §9): another person verified this identity's events less than 60 s ago. The spec
 * leaves the test open; Vigil's: the newest verification is by someone else and is younger than 60 s.
 */
export function recentVerificationWarning(
  last: { by: string | null; at: string | null } | null,
  me: string,
  now: number,
): { by: string; secondsAgo: number } | null {
  if (!last?.by || !last.at || last.by === me) return null;
  const age = now - Date.parse(last.at);
  if (!(age >= 0 && age < BADGES.recentVerificationMs)) return null;
  return { by: last.by, secondsAgo: Math.floor(age / 1000) };
}

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
  source_id: z.string().trim().min(1).max(128),
  at: isoUtcSchema,
  access_point: z.object({
    id: z.string().trim().min(1).max(128),
    description: z.string().trim().min(1).max(200).optional(),
    /** the camera that sees this door (a camera of the key's building) */
    camera_uuid: uuidSchema.optional(),
  }),
  identity: z.object({
    id: identityIdSchema,
    name: z.string().trim().min(1).max(200),
    unit: z.string().trim().min(1).max(40).nullable().optional(),
    role: badgeRoleSchema.default('cotenant'),
  }),
  credential: z.object({ id: z.string().trim().min(1).max(128), label: z.string().trim().min(1).max(64).optional() }),
  /** whether the door let them in (a refused badge is a tap too) */
  granted: z.boolean().default(true),
});
export type IngestTap = z.infer<typeof ingestTapSchema>;
export type IngestTapInput = z.input<typeof ingestTapSchema>;
export const ingestTapsBodySchema = z.object({ taps: z.array(ingestTapSchema).min(1).max(BADGES.maxTaps) });
export const ingestTapsReplySchema = z.object({ ok: z.literal(true), accepted: z.number().int(), duplicates: z.number().int() });

/** A card number masked to its last four characters. */
export function maskCredential(id: string): string {
  return id.length <= 4 ? id : `${'•'.repeat(Math.min(4, id.length - 4))}${id.slice(-4)}`;
}

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
