import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

/**
 * Analyzers: processes that take cameras by expiring leases, read their live video, and send what they see through
 * the ingest API. Vigil's own (apps/analyzer) is one; anyone can write another against these calls.
 */
export const ANALYZER = {
  /** a lease not renewed for this long ends, and another analyzer takes the camera */
  leaseSeconds: 30,
  /** how often an analyzer reports (renewing its leases) */
  heartbeatSeconds: 10,
  /** GET /api/ingest/v1/analyzers/changes waits at most this long for a change before it answers `changed: false` */
  changesWaitSeconds: 25,
  maxCapacity: 256,
  /** a face crop sent with a detection: a JPEG of at most this many bytes (base64 in the batch) */
  maxCropBytes: 256 * 1024,
  /** the whole frame sent with a face (an exit camera's, so an alert has its picture at once): a JPEG of at most this */
  maxFrameBytes: 1024 * 1024,
  /** the frame sent with an object event (the event's picture at once, a list thumbnail): a JPEG of at most this */
  maxEventFrameBytes: 256 * 1024,
  /** face embeddings: at most this many numbers */
  maxEmbeddingLength: 2048,
} as const;

/** What an analyzer reports about one camera it holds. Rates are over the last minute. */
export const analyzerCameraReportSchema = z.object({
  camera_uuid: uuidSchema,
  state: z.enum(['starting', 'analysing', 'no_video', 'error']),
  /** frames taken from the live video per second (the sampling rate actually reached) */
  sampled_fps: z.number().min(0).max(1000),
  /** frames run through the models per second */
  analysed_fps: z.number().min(0).max(1000),
  /** share of sampled frames the motion gate let pass as still (not analysed, almost free) */
  gated_share: z.number().min(0).max(1),
  /** share of sampled frames dropped because the analyzer was busy with others (0 when it keeps up) */
  dropped_share: z.number().min(0).max(1),
  last_face_at: isoUtcSchema.nullable(),
  last_object_at: isoUtcSchema.nullable(),
  /** from the moment a frame was filmed to the end of its analysis (median of the last minute) */
  lag_ms: z.number().min(0).nullable(),
  /**
   * its frames go to the models before other cameras' (it can raise elopement alerts: an exit), and it is sampled
   * faster while something moves there; the others share what is left in turn
   */
  served_first: z.boolean().default(false),
  error: z.string().max(300).nullable(),
});
export type AnalyzerCameraReport = z.infer<typeof analyzerCameraReportSchema>;

/** POST /api/ingest/v1/analyzers/heartbeat (detector key): report, renew leases, get cameras. */
export const analyzerHeartbeatBodySchema = z.object({
  /** chosen by the analyzer process when it starts; the same for its whole life */
  analyzer_id: uuidSchema,
  name: z.string().trim().min(1).max(80),
  /** how many cameras it takes at most */
  capacity: z.number().int().min(0).max(ANALYZER.maxCapacity),
  cameras: z.array(analyzerCameraReportSchema).max(ANALYZER.maxCapacity).default([]),
});
export type AnalyzerHeartbeatBody = z.input<typeof analyzerHeartbeatBodySchema>;

export const analyzerAssignmentSchema = z.object({
  camera_uuid: uuidSchema,
  domain_uuid: uuidSchema,
  description: z.string(),
  is_exit: z.boolean(),
  /** the camera's live HLS playlist, valid while this lease lives (relative to the server's address) */
  live_url: z.string(),
  /**
   * the camera's low-latency stream, valid while this lease lives: one endless HTTP response of fragmented MP4 whose
   * header Vigil-Stream-Epoch-Ms is the wall-clock time (epoch ms) of media time 0
   */
  stream_url: z.string(),
  lease_expires_at: isoUtcSchema,
});
export type AnalyzerAssignment = z.infer<typeof analyzerAssignmentSchema>;

export const analyzerHeartbeatReplySchema = z.object({
  ok: z.literal(true),
  lease_seconds: z.number().int(),
  heartbeat_seconds: z.number().int(),
  /** every camera this analyzer holds now; a camera missing from the list is to be stopped */
  assignments: z.array(analyzerAssignmentSchema),
  /** the `since` to pass to GET /api/ingest/v1/analyzers/changes (the state of these assignments); absent from older servers */
  changes_version: z.string().optional(),
});
export type AnalyzerHeartbeatReply = z.infer<typeof analyzerHeartbeatReplySchema>;

/**
 * GET /api/ingest/v1/analyzers/changes?analyzer_id=&since= (analyzer key): a long poll. It answers at once when what the
 * analyzer holds differs from the state named by `since` (none: at once), else when it changes, or after
 * ANALYZER.changesWaitSeconds with `changed: false`. What it names: each camera the analyzer holds a live lease on, and
 * whether it is an exit. An analyzer keeps one open and applies the reply the moment it comes: the next frame of a
 * camera just marked an exit is treated as an exit's; a camera gone from the list (deleted, or its lease lost) means
 * a heartbeat now.
 */
export const analyzerChangesQuerySchema = z.object({
  analyzer_id: uuidSchema,
  since: z.string().max(100).optional(),
});
export const analyzerChangesReplySchema = z.object({
  ok: z.literal(true),
  /** false: the wait ended with nothing new (ask again with the same `since`) */
  changed: z.boolean(),
  /** the state below, to pass as the next `since` */
  version: z.string(),
  cameras: z.array(z.object({ camera_uuid: uuidSchema, is_exit: z.boolean() })),
});
export type AnalyzerChangesReply = z.infer<typeof analyzerChangesReplySchema>;

/** GET /api/ingest/v1/gallery?domain_uuid= (detector key): the people a building's faces are matched against. */
export const galleryQuerySchema = z.object({
  domain_uuid: uuidSchema,
  /** what makes the asking analyzer's embeddings (so staff learn when a loaded model is of another embedder) */
  embedder: z
    .string()
    .regex(/^[\w.:@/-]{1,64}$/)
    .optional(),
});
export const galleryPersonSchema = z.object({
  frontend_face_uuid: uuidSchema,
  /** registry photos; a photo's uuid changes when it is replaced, so it names what to embed */
  images: z.array(z.object({ uuid: uuidSchema, orientation: z.string(), url: z.string() })),
});
/** The model a building has loaded (a trained recognizer): its curve and threshold; its prototypes come from /model. */
export const galleryModelSchema = z.object({
  uuid: uuidSchema,
  label: z.string(),
  /** whose vectors it was trained on: an analyzer of another embedder ignores it */
  embedder: z.string(),
  calibration: z.object({ w_sim: z.number(), w_margin: z.number(), bias: z.number(), threshold: z.number() }),
  dims: z.number().int(),
  /** how many prototypes /model delivers now */
  prototypes: z.number().int(),
  /**
   * changes whenever what /model delivers changes (a person erased from the model, a consent given or withdrawn), even
   * with the same count: an analyzer fetches the prototypes again when the model's uuid or this differs
   */
  version: z.string(),
});
export type GalleryModel = z.infer<typeof galleryModelSchema>;
export const galleryReplySchema = z.object({
  ok: z.literal(true),
  /** changes whenever anyone of the building is added, changed or deleted, or another model is loaded */
  version: z.string(),
  people: z.array(galleryPersonSchema),
  /** the loaded model, or null (the registry photos alone, with the default curve) */
  model: galleryModelSchema.nullable(),
});

/** GET /api/ingest/v1/model?domain_uuid=&uuid= (detector key): a loaded model's prototypes. */
export const modelPrototypesQuerySchema = z.object({ domain_uuid: uuidSchema, uuid: uuidSchema });
export const modelPrototypesReplySchema = z.object({
  ok: z.literal(true),
  uuid: uuidSchema,
  /** the version of what is delivered here, as the gallery names it */
  version: z.string(),
  dims: z.number().int(),
  /** whose each prototype is (a person of the registry) */
  owners: z.array(uuidSchema),
  /** the prototypes: owners.length × dims little-endian float32 numbers, base64 */
  vectors: z.string(),
});
export type ModelPrototypesReply = z.infer<typeof modelPrototypesReplySchema>;

/** POST /api/ingest/v1/gallery/embeddings (detector key): the embeddings an analyzer made of registry photos. */
export const photoEmbeddingsBodySchema = z.object({
  domain_uuid: uuidSchema,
  embedder: z.string().regex(/^[\w.:@/-]{1,64}$/, 'embedder: 1 to 64 letters, digits and . _ : @ / -'),
  photos: z
    .array(
      z.object({
        image_uuid: uuidSchema,
        embedding: z
          .string()
          .max(Math.ceil((ANALYZER.maxEmbeddingLength * 16) / 3) + 4)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'embedding: base64'),
      }),
    )
    .min(1)
    .max(200),
});
export const photoEmbeddingsReplySchema = z.object({ ok: z.literal(true), stored: z.number().int() });
export type GalleryReply = z.infer<typeof galleryReplySchema>;

/** GET /api/v4/analyzers?domain_uuid= (video service): per camera, whether and how it is analysed. */
export const analyzerStatusQuerySchema = z.object({ domain_uuid: uuidSchema });
export const cameraAnalysisSchema = z.object({
  camera_uuid: uuidSchema,
  description: z.string(),
  analyzer: z.object({ id: uuidSchema, name: z.string(), last_seen_at: isoUtcSchema }).nullable(),
  report: analyzerCameraReportSchema.omit({ camera_uuid: true }).nullable(),
  reported_at: isoUtcSchema.nullable(),
});
export type CameraAnalysis = z.infer<typeof cameraAnalysisSchema>;
export const analyzerStatusReplySchema = z.object({ ok: z.literal(true), cameras: z.array(cameraAnalysisSchema) });

/** A live analyzer as the assignment sees it. */
export interface AnalyzerPresence {
  id: string;
  capacity: number;
}
/** A camera's current lease. */
export interface CameraLease {
  camera: string;
  analyzer: string;
  expiresAt: number;
}

/**
 * How many cameras each live analyzer should hold: the cameras shared out as evenly as capacities allow (the smallest
 * capacity filled first, the rest split among the others). Deterministic: ties go by analyzer id.
 */
export function fairShares(cameraCount: number, analyzers: readonly AnalyzerPresence[]): Map<string, number> {
  const shares = new Map<string, number>();
  const ordered = [...analyzers].sort((a, b) => a.capacity - b.capacity || a.id.localeCompare(b.id));
  let remaining = cameraCount;
  ordered.forEach((analyzer, index) => {
    const share = Math.min(analyzer.capacity, Math.ceil(remaining / (ordered.length - index)));
    shares.set(analyzer.id, share);
    remaining -= share;
  });
  return shares;
}

/**
 * What one analyzer holds after its heartbeat: it keeps its live leases up to its fair share (releasing the rest for
 * others), and takes cameras nobody holds (no lease, or an expired one: its analyzer died) up to that share.
 * `analyzers` are the live ones (this one included); `cameras` are those it may analyse.
 */
export function assignCameras(input: {
  analyzer: string;
  cameras: readonly string[];
  leases: readonly CameraLease[];
  analyzers: readonly AnalyzerPresence[];
  now: number;
}): { keep: string[]; take: string[]; release: string[] } {
  const live = new Map(input.leases.filter((l) => l.expiresAt > input.now).map((l) => [l.camera, l.analyzer]));
  const inScope = [...new Set(input.cameras)].sort();
  const share = fairShares(inScope.length, input.analyzers).get(input.analyzer) ?? 0;
  const held = inScope.filter((camera) => live.get(camera) === input.analyzer);
  const keep = held.slice(0, share);
  const free = inScope.filter((camera) => !live.has(camera));
  return { keep, take: free.slice(0, Math.max(0, share - keep.length)), release: held.slice(share) };
}
