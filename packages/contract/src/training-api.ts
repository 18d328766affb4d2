import { z } from 'zod';
import { uuidSchema } from './common.js';
import { CONFIDENCE_PREDICATES, TRAINING } from './training-filters.js';
import { isoUtcSchema } from './video.js';

// The face training tool's calls (part 2 §3 Detected face, Detected face result, Confirmed face; §7): the review list
// (facesdetected2), confirmed faces, a person's matches and 'Visitor'. Answers go through facematchconfirm and
// faceconfirm (training.ts, alerts.ts); removing a confirmation is facematchconfirm with is_correct false.

export const TRAINING_API = {
  /** the review list's largest page */
  maxPageSize: 100,
  /** confirmed faces: a page of 50, a single person's fetch up to 50,000 (part 2 §7, §9) */
  confirmedPageSize: 50,
  confirmedMaxPageSize: 50_000,
  /** people and cameras a filter may name at once */
  maxFilterIds: 200,
} as const;

export const TRAINING_MESSAGES = {
  visitorAdded: 'Visitor added. Please refresh.',
  alreadyVisitor: 'This face was already made a visitor.',
  badRefreshToken: 'refresh_token is not one this server gave.',
} as const;

/** POST /api/v5/facesdetected2: the filters of part 2 §3 as the spec's payload names them, and paging. */
export const facesDetectedBodySchema = z.object({
  domain_uuid: uuidSchema,
  /** detections that may be any of these people (a candidate, or the match) */
  face_uuids: z.array(uuidSchema).max(TRAINING_API.maxFilterIds).default([]),
  min_face_height: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(TRAINING_API.maxPageSize).default(TRAINING.pageSize),
  /** null or left out: the first page (newest first); the token of the previous reply: the next page of the same list */
  refresh_token: z.string().max(200).nullable().optional(),
  camera_uuids: z.array(uuidSchema).max(TRAINING_API.maxFilterIds).default([]),
  confidence_operator: z.enum(CONFIDENCE_PREDICATES).default('ge'),
  /** the match's confidence compared with confidence_operator; null or left out: any */
  confidence: z.number().min(0).max(1).nullable().optional(),
  /** how the faces are drawn: the face's box over its frame (shapes), contrast-equalised (CLAHE) */
  shapes: z.boolean().default(false),
  clahe: z.boolean().default(false),
  /** results captured up to this moment (the date filter); null or left out: up to now */
  before: isoUtcSchema.nullable().optional(),
});
export type FacesDetectedRequest = z.input<typeof facesDetectedBodySchema>;
export type FacesDetectedBody = z.output<typeof facesDetectedBodySchema>;

/** A candidate (or the confirmed person) of a detected face. */
export const detectedMatchSchema = z.object({
  frontend_face_uuid: uuidSchema,
  person_name: z.string(),
  /** the person's front registry photo (thumbnail), or null without one */
  image_uri: z.string().nullable(),
  /** confirmed by a reviewer: this face is this person */
  is_exact: z.boolean(),
  /** a reviewer said this face is not this person */
  is_rejected: z.boolean(),
  /** how sure the recognizer was (0..1); null for a person it did not put forward (confirmed by a reviewer, or a visitor) */
  confidence: z.number().nullable(),
});
export type DetectedMatch = z.infer<typeof detectedMatchSchema>;

/** Part 2 §3 Detected face (training). */
export const detectedFaceSchema = z.object({
  runtime_face_uuid: uuidSchema,
  /** the face as it is reviewed (the crop; with shapes, the frame with the face's box drawn; with CLAHE, equalised) */
  frame_uri: z.string().nullable(),
  camera_uuid: uuidSchema,
  camera_description: z.string(),
  captured_at: isoUtcSchema,
  face_confidence: z.number().nullable(),
  face_height: z.number().nullable(),
  /** up to 4: the confirmed person first, then the recognizer's candidates, best first */
  matches: z.array(detectedMatchSchema).max(TRAINING.maxCandidates),
  /** the regular_visitor made from this face, if 'Visitor' was used */
  visitor_face_uuid: uuidSchema.nullable(),
});
export type DetectedFace = z.infer<typeof detectedFaceSchema>;

/** Part 2 §3 Detected face result. */
export const facesDetectedReplySchema = z.object({
  ok: z.literal(true),
  faces: z.array(detectedFaceSchema),
  /** the oldest capture time in this page (where Load More goes on from), or null when the page is empty */
  oldest_time: isoUtcSchema.nullable(),
  /** detections that arrived, matching the filters, since the list's first page (a Refresh shows them) */
  new_results: z.number().int(),
  /** send it back for the next page (and to ask how many arrived since the first page); null with an empty first page */
  refresh_token: z.string().nullable(),
  /** whether a next page may hold more (false: the list is complete) */
  more: z.boolean(),
  err: z.null(),
});
export type FacesDetectedReply = z.infer<typeof facesDetectedReplySchema>;

/** POST /api/v4/faces/confirmed */
export const confirmedFacesBodySchema = z.object({
  domain_uuid: uuidSchema,
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(TRAINING_API.confirmedMaxPageSize).default(TRAINING_API.confirmedPageSize),
  /** one person's confirmed faces; left out: everyone's */
  frontend_face_uuid: uuidSchema.optional(),
});
export type ConfirmedFacesRequest = z.input<typeof confirmedFacesBodySchema>;

/** Part 2 §3 Confirmed face. */
export const confirmedFaceSchema = z.object({
  person_name: z.string(),
  /** the person's front registry photo (thumbnail) */
  frontend_image_uri: z.string().nullable(),
  frontend_face_uuid: uuidSchema,
  runtime_face_uuid: uuidSchema,
  /** the detected face (its crop) */
  frame_uri: z.string().nullable(),
  captured_at: isoUtcSchema,
  camera_description: z.string(),
  /** who confirmed it (their name), and when */
  confirmed_by: z.string().nullable(),
  confirmed_at: isoUtcSchema.nullable(),
});
export type ConfirmedFace = z.infer<typeof confirmedFaceSchema>;

export const confirmedFacesReplySchema = z.object({
  ok: z.literal(true),
  faces_confirmed: z.array(confirmedFaceSchema),
  /** how many there are in all (for the page count) */
  total: z.number().int(),
  err: z.null(),
});

/** GET /api/v6/faces/matched/{frontendFaceUUID}: the person's confirmed faces, newest first. */
export const matchedParamsSchema = z.object({ frontendFaceUUID: uuidSchema });
export const matchedReplySchema = z.object({ ok: z.literal(true), faces_matched: z.array(confirmedFaceSchema) });

/**
 * GET /api/v1/training/reviews/{runtime_face_uuid}: every answer people gave about one detection, oldest first (the
 * review log: who, when, which person, what answer). Answers are never overwritten: taking one back is a new entry.
 */
export const reviewLogParamsSchema = z.object({ runtime_face_uuid: uuidSchema });
export const reviewLogEntrySchema = z.object({
  /** 'match': is this person (1 yes, 0 no, null taken back); 'face': is a face (1, 0, null); 'visitor': made a visitor */
  kind: z.enum(['match', 'face', 'visitor']),
  frontend_face_uuid: uuidSchema.nullable(),
  /** the person's name ('Removed person' once deleted); null for 'face' answers */
  person_name: z.string().nullable(),
  answer: z.union([z.literal(0), z.literal(1)]).nullable(),
  /** who answered: their name, else their email */
  reviewed_by: z.string(),
  reviewed_at: z.string(),
});
export type ReviewLogEntry = z.infer<typeof reviewLogEntrySchema>;
export const reviewLogReplySchema = z.object({ ok: z.literal(true), entries: z.array(reviewLogEntrySchema) });

/** One entry of the review log as a line (the review list's and face details' "Answers"). */
export function reviewLogText(entry: Pick<ReviewLogEntry, 'kind' | 'person_name' | 'answer'>): string {
  const person = entry.person_name ?? 'a removed person';
  if (entry.kind === 'visitor') return `Added as a visitor: ${person}`;
  if (entry.kind === 'face')
    return entry.answer === 0 ? 'Marked Not a Face' : entry.answer === 1 ? 'Marked a face' : "'Not a Face' taken back";
  return entry.answer === 1 ? `Confirmed as ${person}` : entry.answer === 0 ? `Not ${person}` : `Answer about ${person} taken back`;
}

/** POST /api/v4/faces/visitor: the face becomes a new regular_visitor (its crop their front photo). */
export const visitorBodySchema = z.object({ runtime_face_uuid: uuidSchema });
export const visitorReplySchema = z.object({ ok: z.literal(true), frontend_face_uuid: uuidSchema });

/** The match finder (part 2 §2 face details 'More Detections', §5, §7): past faces most like a person or a face. */
export const MATCH_FINDER = {
  defaultLimit: 100,
  maxLimit: 500,
  /** every face of the range is compared by its code; the nearest this many at most are then compared exactly */
  maxChecked: 5_000,
  /** …a batch at a time (at least four times the results asked for), until the rest cannot hold better ones */
  firstBatch: 2_000,
  /** the source's groups (centroids, largest first) the codes are compared with */
  codeProbes: 4,
  /** how far above its code's estimate a face's cosine may be (about two spreads of a 256-bit estimate) */
  codeSpread: 0.15,
} as const;

export const MATCH_FINDER_MESSAGES = {
  title: (name: string) => `Find more tags for ${name}?`,
  /** part 2 §8: a not-ok match search is an error about a missing valid timezone */
  noTimezone: 'This building has no valid time zone, so the dates cannot be searched. Set its time zone and try again.',
  noSource: 'There is nothing to compare with yet: this person has no confirmed faces or photo embeddings.',
} as const;

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD');

/** POST /api/v6/faces/matchfinder: a person (their confirmed faces and photos) or one face; optional dates and cameras. */
export const matchFinderBodySchema = z
  .object({
    domain_uuid: uuidSchema,
    frontend_face_uuid: uuidSchema.optional(),
    runtime_face_uuid: uuidSchema.optional(),
    /** from this day (the building's time zone), inclusive */
    start: dayString.optional(),
    /** to this day (the building's time zone), inclusive */
    end: dayString.optional(),
    camera_uuids: z.array(uuidSchema).max(TRAINING_API.maxFilterIds).default([]),
    limit: z.number().int().min(1).max(MATCH_FINDER.maxLimit).default(MATCH_FINDER.defaultLimit),
  })
  .refine((b) => (b.frontend_face_uuid === undefined) !== (b.runtime_face_uuid === undefined), {
    message: 'Give frontend_face_uuid (a person) or runtime_face_uuid (a face), not both.',
  })
  .refine((b) => !b.start || !b.end || b.start <= b.end, { message: 'start must not be after end.' });
export type MatchFinderRequest = z.input<typeof matchFinderBodySchema>;

export const matchFinderResultSchema = z.object({
  runtime_face_uuid: uuidSchema,
  frame_uri: z.string().nullable(),
  camera_uuid: uuidSchema,
  camera_description: z.string(),
  captured_at: isoUtcSchema,
  /** cosine similarity to the closest of the source's faces (0..1) */
  similarity: z.number(),
  /** who it is matched to now, and whether a reviewer confirmed (1) or rejected (0) that */
  frontend_face_uuid: uuidSchema.nullable(),
  match_confirmed: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type MatchFinderResult = z.infer<typeof matchFinderResultSchema>;

export const matchFinderReplySchema = z.object({
  ok: z.literal(true),
  /** best first */
  results: z.array(matchFinderResultSchema),
  /** faces of the range compared (all of them, by their codes) */
  scanned: z.number().int(),
});
