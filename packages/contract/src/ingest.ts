import { z } from 'zod';
import { ANALYZER } from './analyzers.js';
import { storableText, uuidSchema, type Operation, type Service } from './common.js';
import { boxSchema } from './events.js';
import { isoUtcSchema } from './video.js';

/** Ingest limits: a batch is one transaction, so it is bounded. */
export const INGEST = {
  maxEvents: 5000,
  maxFaces: 1000,
  maxObjects: 50,
  /** a detection may not claim to be from the future by more than this (clock skew between machines) */
  futureToleranceMs: 5 * 60_000,
  keyPrefix: 'vgd_',
  bodyLimitBytes: 16 * 1024 * 1024,
} as const;

export const ingestObjectSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_ -]{1,40}$/, 'must be a short object name such as person, car or ssd_pet'),
  confidence: z.number().min(0).max(1),
  box: boxSchema.optional(),
});

const base64Schema = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/** A JPEG of at most `bytes`, base64: the limit is checked on the base64 text, the JPEG itself by the server. */
const jpegBase64Schema = (bytes: number) =>
  base64Schema.max(Math.ceil((bytes * 4) / 3) + 4, `must be a JPEG of at most ${bytes / 1024} KiB (base64)`);

/** One object-detection event from a detector. */
export const ingestEventSchema = z.object({
  /** the detector's own id for the event: a retried batch does not duplicate it */
  source_id: storableText(z.string().min(1).max(128)).optional(),
  camera_uuid: uuidSchema,
  started_at: isoUtcSchema,
  objects: z.array(ingestObjectSchema).min(1).max(50),
  description: storableText(z.string().trim().min(1).max(200)).optional(),
  /** the frame the objects were seen in: a JPEG, base64 (the event's picture at once, not cut from the video later) */
  frame: jpegBase64Schema(ANALYZER.maxEventFrameBytes).optional(),
});
export type IngestEvent = z.infer<typeof ingestEventSchema>;

/** A person a face may be: how alike the face is to them (0..1). */
export const ingestCandidateSchema = z.object({ frontend_face_uuid: uuidSchema, confidence: z.number().min(0).max(1) });
export type IngestCandidate = z.infer<typeof ingestCandidateSchema>;

/** One face seen by a detector, with the registry person it matched best (if any). */
export const ingestFaceSchema = z.object({
  /** the detection's id; Vigil makes one when absent. Re-sending the same id does not duplicate it. */
  runtime_face_uuid: uuidSchema.optional(),
  camera_uuid: uuidSchema,
  captured_at: isoUtcSchema,
  /** the person it is, when the detector is sure enough to say so (null: nobody it knows) */
  frontend_face_uuid: uuidSchema.nullable().optional(),
  /** how sure: of the match when there is one, else how alike the best candidate is */
  confidence: z.number().min(0).max(1),
  box: boxSchema.optional(),
  /** the detector's own confidence that this is a face */
  face_confidence: z.number().min(0).max(1).optional(),
  /** the face's height in the frame, in pixels */
  face_height: z.number().int().min(1).max(20_000).optional(),
  /** the people it may be, best first (the training tool shows them) */
  candidates: z.array(ingestCandidateSchema).max(4).optional(),
  /** the face cut from the frame: a JPEG, base64 */
  crop: jpegBase64Schema(ANALYZER.maxCropBytes).optional(),
  /** the whole frame the face was found in: a JPEG, base64 (the alert's full picture, without cutting it from the video) */
  frame: jpegBase64Schema(ANALYZER.maxFrameBytes).optional(),
  /** the face's embedding, for training: little-endian float32 numbers, base64 */
  embedding: base64Schema.max(Math.ceil((ANALYZER.maxEmbeddingLength * 16) / 3) + 4).optional(),
  /**
   * what made the embedding (a model and its version, e.g. `human-faceres-1`): models never mix embedders. Without it,
   * the embedding is this detector's own (`detector:<id>`).
   */
  embedder: z
    .string()
    .regex(/^[\w.:@/-]{1,64}$/, 'embedder: 1 to 64 letters, digits and . _ : @ / -')
    .optional(),
});
export type IngestFace = z.infer<typeof ingestFaceSchema>;

/** POST /api/ingest/v1/batch with `Authorization: Bearer vgd_…` (a detector key). */
export const ingestBatchSchema = z
  .object({
    events: z.array(ingestEventSchema).max(5000).default([]),
    faces: z.array(ingestFaceSchema).max(1000).default([]),
  })
  .refine((b) => b.events.length + b.faces.length > 0, 'A batch needs at least one event or face.');
export type IngestBatch = z.input<typeof ingestBatchSchema>;
export const ingestReplySchema = z.object({
  ok: z.literal(true),
  events: z.object({ accepted: z.number().int(), duplicates: z.number().int() }),
  faces: z.object({ accepted: z.number().int(), duplicates: z.number().int() }),
  /** events that the domain's alert settings turned into alerts */
  alerts: z.number().int(),
  elopement_alerts: z.number().int(),
});
export type IngestReply = z.infer<typeof ingestReplySchema>;

// ---- machine keys (alerting/edit in the domain), each with purposes

/**
 * What a machine key may do (issue 36): an analyzer watches the live video (gallery, model, photo embeddings, camera
 * leases with their live streams, detections); a detector sends detections and events only; an access-control system
 * sends badge taps only. A key holds one purpose or more; it is refused (403) outside them.
 */
export const KEY_PURPOSES = ['analyzer', 'detector', 'access_control'] as const;
export const keyPurposeSchema = z.enum(KEY_PURPOSES);
export type KeyPurpose = z.infer<typeof keyPurposeSchema>;

export const KEY_PURPOSE_TEXT: Record<KeyPurpose, string> = {
  analyzer: 'Analyzer',
  detector: 'Detector',
  access_control: 'Access control',
};

/** What each purpose lets a key do, in the words the keys page uses. */
export const KEY_PURPOSE_SCOPE: Record<KeyPurpose, string> = {
  analyzer: 'watches live video: reads the gallery and the loaded model, takes cameras, sends detections',
  detector: 'sends detections and events only',
  access_control: 'sends badge taps only',
};

/** The machine calls, each with the purposes that may make it. */
export const KEY_CALLS = {
  batch: ['analyzer', 'detector'],
  access_events: ['access_control'],
  heartbeat: ['analyzer'],
  changes: ['analyzer'],
  gallery: ['analyzer'],
  model: ['analyzer'],
  photo_embeddings: ['analyzer'],
} as const satisfies Record<string, readonly KeyPurpose[]>;
export type KeyCall = keyof typeof KEY_CALLS;

/** Whether a key with these purposes may make the call. */
export const keyMayCall = (purposes: readonly KeyPurpose[], call: KeyCall): boolean =>
  (KEY_CALLS[call] as readonly KeyPurpose[]).some((p) => purposes.includes(p));

/** What a key's use before purposes existed shows: its analyzer calls, its detections or events, its taps. */
export interface KeyUse {
  analyzerCalls: boolean;
  detections: boolean;
  taps: boolean;
}

/**
 * The narrowest purposes a key made before purposes existed keeps (on upgrade): what its use so far shows (an
 * analyzer's calls make it an analyzer key, whose detections need nothing more), else what it was made for — a
 * deployment key to serve one analyzer for the whole deployment, a building key as a detector key.
 */
export function inferredKeyPurposes(use: KeyUse, kind: 'building' | 'deployment'): KeyPurpose[] {
  const purposes: KeyPurpose[] = [];
  if (use.analyzerCalls) purposes.push('analyzer');
  else if (use.detections) purposes.push('detector');
  if (use.taps) purposes.push('access_control');
  if (purposes.length > 0) return purposes;
  return [kind === 'deployment' ? 'analyzer' : 'detector'];
}

/** The operations, beside alerting/edit, that making a key of a purpose needs: no one gives a machine more than they may see. */
export const KEY_PURPOSE_NEEDS: Record<KeyPurpose, readonly { service: Service; operation: Operation }[]> = {
  analyzer: [{ service: 'faces', operation: 'find_all' }],
  detector: [],
  access_control: [{ service: 'keycard', operation: 'edit' }],
};

const purposesSchema = z
  .array(keyPurposeSchema)
  .min(1, 'choose at least one purpose')
  .max(KEY_PURPOSES.length)
  .refine((list) => new Set(list).size === list.length, 'each purpose once');

export const detectorSchema = z.object({
  id: uuidSchema,
  domain_uuid: uuidSchema,
  name: z.string(),
  /** the first characters of the key, to tell keys apart; the key itself is shown once */
  key_prefix: z.string(),
  purposes: z.array(keyPurposeSchema),
  /** chosen when the key was made, or inferred on upgrade from what the key had done before purposes existed */
  purposes_origin: z.enum(['chosen', 'inferred']),
  /** a deployment key's row in this building (the key serves every building; revoking here stops it here only) */
  deployment: z.boolean(),
  /** who made it: an account's e-mail, or null when it was made on the server (CLI, the demo, the local analyzer) */
  created_by: z.string().nullable(),
  created_at: isoUtcSchema,
  last_used_at: isoUtcSchema.nullable(),
  revoked_at: isoUtcSchema.nullable(),
});
export type Detector = z.infer<typeof detectorSchema>;
export const detectorsQuerySchema = z.object({ domain_uuid: uuidSchema });
export const detectorsReplySchema = z.object({ ok: z.literal(true), detectors: z.array(detectorSchema) });
export const createDetectorBodySchema = z.object({
  domain_uuid: uuidSchema,
  name: z.string().trim().min(1).max(80),
  purposes: purposesSchema,
});
export const createDetectorReplySchema = z.object({ ok: z.literal(true), detector: detectorSchema, key: z.string() });
export const detectorParamsSchema = z.object({ id: uuidSchema });
export const revokeDetectorReplySchema = z.object({ ok: z.literal(true) });
