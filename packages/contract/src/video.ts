import { z } from 'zod';
import { uuidSchema } from './common.js';

/** Spec part 1 §9 constants of live and recorded video. */
export const LIVE = {
  defaultDuration: 600,
  defaultHeartbeat: 570,
  heartbeatMarginSeconds: 30,
  retryMs: 3000,
  attempts: 3,
  fallbackStreamSeconds: 3600,
} as const;
/**
 * The low-latency live stream (a WebSocket at the lease's stream_url): first a text message LiveStreamInit, then binary
 * messages, the init segment and then one fragmented-MP4 fragment each, from a keyframe on; the server closes it with
 * one of these codes (and first a text message { type: 'end', reason }).
 */
export const LIVE_STREAM = {
  closeCodes: {
    /** the recorder reconnected to the camera: connect again for the new stream */
    restart: 4000,
    /** the lease, the session or the right to watch ended */
    ended: 4001,
    /** the viewer did not read for too long */
    too_slow: 4002,
    /** the camera is not being recorded here */
    stopped: 4003,
  },
  /** a player further behind the newest video than this skips ahead */
  maxLagSeconds: 1,
} as const;
export type LiveStreamEndReason = keyof typeof LIVE_STREAM.closeCodes;
export const liveStreamInitSchema = z.object({
  type: z.literal('init'),
  codec: z.string().nullable(),
  mime: z.string().nullable(),
  epoch_ms: z.number().describe('wall-clock time (epoch ms) of media time 0'),
});
export type LiveStreamInit = z.infer<typeof liveStreamInitSchema>;
export const liveStreamEndSchema = z.object({ type: z.literal('end'), reason: z.enum(['restart', 'ended', 'too_slow', 'stopped']) });

/** The WebSocket address of a lease's low-latency stream, from the page's (or the API host's) http(s) address. */
export function liveStreamSocketUrl(streamUrl: string, base: string): string {
  const url = new URL(streamUrl, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export const ARCHIVE = {
  retryMs: 5000,
  stillUploadingSeconds: 180,
  defaultAgoSeconds: 60,
  refetchWithinClips: 2,
} as const;
export const LONG_CLIP_MAX_SECONDS = 2 * 3600;
export const PLAYBACK_RATES = [10, 5, 2, 1.5, 1, 0.7] as const;
export const TIMELINE = {
  zoomMinSeconds: 60,
  zoomMaxSeconds: 7_884_000,
  rangeBackSeconds: 7_884_000,
  rangeAheadSeconds: 2 * 86_400,
  defaultBackSeconds: 7 * 86_400,
  defaultAheadSeconds: 86_400,
} as const;

export const VIDEO_MESSAGES = {
  stillUploading: "We are still uploading your video. We'll try to fetch it again in a few seconds.",
  noResponse: 'No response from server.',
  noData: 'Response from server has no data.',
  unclear: "Response from server has data, but doesn't accurately describe what failed. Check your network connection.",
  future: 'Unfortunately we cannot predict the future!',
  illogical: 'The date and time you selected is logically incorrect.',
  tooLong: 'Please select a smaller time range',
} as const;

/** An instant on the wire: ISO 8601 in UTC ("2026-11-22T05:31:00Z", milliseconds optional). */
export const isoUtcSchema = z.iso.datetime({ offset: false, message: 'must be a UTC time like 2026-11-22T05:31:00Z' });

// ---- live (POST /api/v1/hlsvideo/, PUT /api/v1/hlsvideo/{cameraUUID})
export const hlsStartBodySchema = z.object({
  camera_uuid: uuidSchema,
  duration: z.number().int().min(60).max(3600).default(LIVE.defaultDuration),
});
export const hlsStartReplySchema = z.object({
  ok: z.literal(true),
  time_to_live: z.number().int().describe('seconds the stream stays live unless a heartbeat renews it'),
  dir: z.string().describe('the lease folder the playlist and segments are served from'),
  url: z.string().describe('the HLS playlist'),
  stream_url: z
    .string()
    .optional()
    .describe('the low-latency stream of the same lease: a WebSocket (ws: or wss: on this host) carrying fragmented MP4, see LIVE_STREAM'),
});
export type HlsStartReply = z.infer<typeof hlsStartReplySchema>;
export const hlsHeartbeatParamsSchema = z.object({ cameraUUID: uuidSchema });
export const hlsHeartbeatBodySchema = z.object({
  camera_uuid: uuidSchema.optional(),
  durationInSeconds: z.number().int().min(60).max(3600).default(LIVE.defaultHeartbeat),
});
export const hlsHeartbeatReplySchema = z.object({ status: z.literal('ok'), time_to_live: z.number().int() });

// ---- test stream (POST /api/v1/hlsvideo/test-stream): the HLS test-stream fallback flag's stream, made by the server
export const testStreamReplySchema = z.object({
  ok: z.literal(true),
  url: z.string().describe("the test stream's HLS playlist: a test picture with the server's time burnt in"),
  time_to_live: z.number().int().describe('seconds the link stays valid (LIVE.fallbackStreamSeconds)'),
  expires_at: isoUtcSchema,
});
export type TestStreamReply = z.infer<typeof testStreamReplySchema>;

/** Seconds until the next heartbeat: (time_to_live - 30), never below 5. */
export const heartbeatDelaySeconds = (timeToLive: number): number => Math.max(5, timeToLive - LIVE.heartbeatMarginSeconds);

// ---- recorded clips (POST /api/v4/clip, GET /api/v4/clips/{cameraId}/{timestamp})
export const CLIP_TYPES = ['aligned_clip', 'hd_clip', 'available_aligned_or_short'] as const;
export const clipBodySchema = z.object({
  camera_uuid: uuidSchema,
  cliptype: z.enum(CLIP_TYPES),
  timestamp: isoUtcSchema,
});
export const clipSchema = z.object({
  start: isoUtcSchema,
  duration: z.number().describe('seconds'),
  pre_signed_url: z.string(),
});
export type Clip = z.infer<typeof clipSchema>;
export const clipReplySchema = z.discriminatedUnion('ok', [
  clipSchema.extend({ ok: z.literal(true), offset_seconds: z.number() }),
  z.object({ ok: z.literal(false), err: z.string(), reason: z.enum(['still_recording', 'no_recording']) }),
]);
export type ClipReply = z.infer<typeof clipReplySchema>;
export const clipsParamsSchema = z.object({ cameraId: uuidSchema, timestamp: isoUtcSchema });
export const clipsReplySchema = z.object({ ok: z.literal(true), clips: z.array(clipSchema) });
export type ClipsReply = z.infer<typeof clipsReplySchema>;

// ---- long clip (GET /api/v4/long_clips/{cameraId}?start&end&mode=link)
export const longClipParamsSchema = z.object({ cameraId: uuidSchema });
export const longClipQuerySchema = z.object({ start: isoUtcSchema, end: isoUtcSchema, mode: z.literal('link').default('link') });
export const longClipReplySchema = z.object({ ok: z.literal(true), data: z.object({ url: z.string(), filename: z.string() }) });

/** Spec part 1 §5 long-clip checks, in the spec's order; null when the range is fine. */
export function validateLongClipRange(start: Date, end: Date, now: Date): string | null {
  if (start.getTime() > now.getTime() || end.getTime() > now.getTime()) return VIDEO_MESSAGES.future;
  if (start.getTime() >= end.getTime()) return VIDEO_MESSAGES.illogical;
  if ((end.getTime() - start.getTime()) / 1000 > LONG_CLIP_MAX_SECONDS) return VIDEO_MESSAGES.tooLong;
  return null;
}

// ---- timeline (GET /api/v4/recordings/{cameraId}?start&end&bucket_seconds)
export const recordingsParamsSchema = z.object({ cameraId: uuidSchema });
export const recordingsQuerySchema = z.object({
  start: isoUtcSchema,
  end: isoUtcSchema,
  bucket_seconds: z.coerce.number().int().min(1).max(86_400).default(60),
});
export const spanSchema = z.object({ start: isoUtcSchema, end: isoUtcSchema });
export type Span = z.infer<typeof spanSchema>;
export const recordingsReplySchema = z.object({ ok: z.literal(true), spans: z.array(spanSchema) });

// ---- cameras (GET /api/v4/cameras?domain_uuid=, POST /api/v4/cameras/upload)
export const RECORDER_STATES = ['recording', 'connecting', 'offline', 'stopped'] as const;
export const cameraStatusSchema = z.object({
  uuid: uuidSchema,
  description: z.string(),
  category: z.string(),
  floor: z.number().int().nullable(),
  label: z.string().nullable(),
  state: z.enum(RECORDER_STATES),
  since: isoUtcSchema.nullable(),
  error: z.string().nullable(),
  latest_clip_start: isoUtcSchema.nullable(),
  thumbnail_url: z.string().nullable(),
  /** an exit: faces of residents at elopement risk seen here raise elopement alerts (shown to all; alerting/edit sets it) */
  is_exit: z.boolean(),
  /** Where the camera is reached, for holders of video/edit (to change it); null for everyone else. Never the password. */
  connection: z
    .object({
      protocol: z.enum(['rtsp', 'rtsps']),
      host: z.string(),
      port: z.number().int(),
      path: z.string(),
      username: z.string().nullable(),
      has_password: z.boolean(),
    })
    .nullable(),
  /** The low-latency stream's audience, for holders of video/add (who manage cameras); null for everyone else. */
  live_stream: z
    .object({
      /** viewers and analyzers reading it now */
      readers: z.number().int(),
      /** fragments skipped for readers that had fallen behind, since the recorder connected */
      skipped: z.number().int(),
      /** readers closed for not reading, since the recorder connected */
      dropped: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type CameraStatus = z.infer<typeof cameraStatusSchema>;
export const camerasQuerySchema = z.object({ domain_uuid: uuidSchema });
export const camerasReplySchema = z.object({ ok: z.literal(true), cameras: z.array(cameraStatusSchema) });

export const cameraUploadRecordSchema = z
  .object({
    uuid: uuidSchema.optional(),
    name: z.string().trim().min(1).max(200),
    domainUUID: uuidSchema.optional(),
    domainId: uuidSchema.optional(),
    protocol: z.enum(['rtsp', 'rtsps']).default('rtsp'),
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/, 'host must be a host name or IP address'),
    port: z.coerce.number().int().min(1).max(65535).default(554),
    path: z.string().trim().max(500).regex(/^\//, 'path must start with /').default('/'),
    username: z.string().max(200).optional(),
    password: z.string().max(200).optional(),
  })
  .refine((r) => r.domainUUID ?? r.domainId, { message: 'domainUUID or domainId is required', path: ['domainUUID'] });
export type CameraUploadRecord = z.input<typeof cameraUploadRecordSchema>;
export const cameraUploadBodySchema = z.array(cameraUploadRecordSchema).min(1).max(64);
export const cameraUploadReplySchema = z.object({
  ok: z.literal(true),
  cameras: z.array(z.object({ uuid: uuidSchema, name: z.string() })),
});

/** Long clips per user: a few per quarter of an hour (each can be 2 hours of video), then 429. */
export const LONG_CLIP_LIMIT = { perUser: 5, windowMs: 15 * 60_000 } as const;

/** PUT /api/v4/cameras/{uuid} (video/edit): what changes; an empty password clears it, an absent one keeps it. */
export const cameraParamsSchema = z.object({ uuid: uuidSchema });
export const cameraEditBodySchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    protocol: z.enum(['rtsp', 'rtsps']),
    host: cameraUploadRecordSchema.shape.host,
    port: z.coerce.number().int().min(1).max(65535),
    path: z.string().trim().max(500).regex(/^\//, 'path must start with /'),
    username: z.string().max(200).nullable(),
    password: z.string().max(200),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' });
export type CameraEditBody = z.infer<typeof cameraEditBodySchema>;
export const cameraEditReplySchema = z.object({ ok: z.literal(true), camera: z.object({ uuid: uuidSchema, name: z.string() }) });
/** DELETE /api/v4/cameras/{uuid} (video/delete): the camera leaves service; what it recorded stays as history. */
export const cameraDeleteReplySchema = cameraEditReplySchema;

/**
 * PUT /api/v4/cameras/{uuid}/exit (alerting/edit in the camera's building, not video/edit): whether the camera is an
 * exit. `changed` is false when it already was so (nothing is audited then). The analyzers holding the camera treat
 * their next frame of it accordingly (GET /api/ingest/v1/analyzers/changes).
 */
export const cameraExitBodySchema = z.object({ is_exit: z.boolean() });
export type CameraExitBody = z.infer<typeof cameraExitBodySchema>;
export const cameraExitReplySchema = z.object({
  ok: z.literal(true),
  camera: z.object({ uuid: uuidSchema, name: z.string(), is_exit: z.boolean() }),
  changed: z.boolean(),
});
export type CameraExitReply = z.infer<typeof cameraExitReplySchema>;
