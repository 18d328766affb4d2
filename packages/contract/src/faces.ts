import { z } from 'zod';
import { uuidSchema } from './common.js';
import { hasOperation, type ServiceMap } from './entitlements.js';
import { consentInputSchema, faceConsentSchema } from './faces-consent.js';
import { RISK_HOURS_MESSAGES, elopementRiskHoursSchema } from './faces-risk-hours.js';
import { isoUtcSchema } from './video.js';

// The faces registry (spec part 2 §1–§7): people of a building, their photos, where they were last seen and their
// history of detections.

export const FACE_ROLES = ['resident', 'employee', 'family', 'outside_employee', 'regular_visitor'] as const;
export type FaceRole = (typeof FACE_ROLES)[number];
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const COMPLEXIONS = ['asian', 'black', 'caucasian', 'native_american', 'hispanic', 'Other'] as const;
export type Complexion = (typeof COMPLEXIONS)[number];
export const EMPLOYEE_ROLES = ['administrator', 'supervisor', 'nurse'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];
export const PHOTO_ORIENTATIONS = ['front', 'side'] as const;
export type PhotoOrientation = (typeof PHOTO_ORIENTATIONS)[number];

export const FACES = {
  /** part 2 §4, §9: the faces list refreshes last-seen data this often */
  lastSeenRefreshMs: 30_000,
  /** a photo as sent (decoded bytes) may be at most this big; the whole add/edit body at most `maxBodyBytes` */
  maxPhotoBytes: 10 * 1024 * 1024,
  maxBodyBytes: 2 * Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64 * 1024,
  /** photos are stored at most this many pixels on their longer side, thumbnails at `thumbnailPixels` */
  photoPixels: 1280,
  thumbnailPixels: 256,
  historyPageSize: 100,
  historyMaxPageSize: 500,
} as const;

export const FACES_MESSAGES = {
  noResults: 'No Results',
  tryFilters: 'Try searching for a name, or using the filters and sort toggles above.',
  tryStaffOrResident: "Try searching for a name, or 'staff' or 'resident.'",
  refreshing: 'Refreshing Data',
  loadingHistory: 'Loading History',
  noHistory: 'No History',
  noFaces: 'No faces.',
  mostRecentDetection: 'Most Recent Detection',
  showHideHistory: 'Show/Hide History',
  showAll: 'Show All',
  justDetections: (n: number) => `Just ${n} Detections`,
  confirmedMatches: (n: number) => `${n} Confirmed Matches`,
  removePerson: (name: string) => `Remove ${name}?`,
} as const;

/** A face id from a route (part 2 §5 "id-format check"): a UUID, as the registry makes them. */
export function isFaceId(value: string | undefined | null): value is string {
  return typeof value === 'string' && uuidSchema.safeParse(value).success;
}

export const faceImageSchema = z.object({
  uuid: uuidSchema,
  orientation: z.enum(PHOTO_ORIENTATIONS),
  /** signed links, valid for a few hours */
  uri: z.string(),
  thumbnail_uri: z.string(),
});
export type FaceImage = z.infer<typeof faceImageSchema>;

/** A person of the registry (part 2 §3 "Face"), with where they were last seen. */
export const faceSchema = z.object({
  frontend_face_uuid: uuidSchema,
  domain_uuid: uuidSchema,
  person_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(FACE_ROLES),
  gender: z.enum(GENDERS).nullable(),
  complexion: z.enum(COMPLEXIONS).nullable(),
  room: z.string().nullable(),
  bed: z.string().nullable(),
  unit: z.string().nullable(),
  wing: z.string().nullable(),
  card: z.string().nullable(),
  elopement_risk: z.boolean(),
  /** when their elopement risk holds (issue 37): null, always (and for anyone not at risk) */
  elopement_risk_hours: elopementRiskHoursSchema.nullable(),
  email: z.string().nullable(),
  employee_role: z.enum(EMPLOYEE_ROLES).nullable(),
  employee: z.boolean(),
  resident: z.boolean(),
  visitor: z.boolean(),
  images: z.array(faceImageSchema),
  /** detections confirmed to this person (training tags) */
  images_tagged: z.number().int(),
  last_seen_datetime: isoUtcSchema.nullable(),
  last_seen_camera_uuid: uuidSchema.nullable(),
  last_seen_camera_description: z.string().nullable(),
  last_seen_detection_id: uuidSchema.nullable(),
  /** signed links to the face crop and the whole frame of the last detection; null while no recording holds it */
  last_seen_preview: z.string().nullable(),
  last_seen_frame_uri: z.string().nullable(),
  /** their current consent to recognition (issue 27); null: none recorded */
  consent: faceConsentSchema.nullable(),
});
export type Face = z.infer<typeof faceSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A photo sent with add or edit: base64 (a data: URL is accepted too), JPEG or PNG. */
export const photoUploadSchema = z.object({
  orientation: z.enum(PHOTO_ORIENTATIONS),
  data: z.string().min(1, 'data: the photo is empty').max(FACES.maxBodyBytes),
});
export type PhotoUpload = z.infer<typeof photoUploadSchema>;

/** The person's fields as the add/edit form sends them (part 2 §5, §7). `room_number` is the form's name for room. */
export const faceInfoSchema = z
  .object({
    first_name: z.string().trim().min(1, 'first_name is required').max(100),
    last_name: z.string().trim().min(1, 'last_name is required').max(100),
    role: z.enum(FACE_ROLES),
    gender: z.enum(GENDERS),
    complexion: z.enum(COMPLEXIONS),
    room: optionalText(50),
    room_number: optionalText(50),
    bed: optionalText(50),
    unit: optionalText(50),
    wing: optionalText(50),
    card: optionalText(64),
    /** required for residents (Yes/No); others are never at elopement risk */
    elopement_risk: z.boolean().nullish(),
    /**
     * when a resident's elopement risk holds: null always; left out, as it is (a new person: always). Only with
     * elopement_risk true; a person no longer at risk loses their hours.
     */
    elopement_risk_hours: elopementRiskHoursSchema.nullish(),
    email: z.email('email must be an e-mail address').max(320).nullish().or(z.literal('')),
    employee_role: z.enum(EMPLOYEE_ROLES).nullish(),
    images: z
      .object({
        add: z.array(photoUploadSchema).max(2).default([]),
        edit: z
          .array(photoUploadSchema.extend({ uuid: uuidSchema }))
          .max(2)
          .default([]),
        delete: z.array(uuidSchema).max(2).default([]),
      })
      .default({ add: [], edit: [], delete: [] }),
  })
  .refine((f) => f.role !== 'resident' || typeof f.elopement_risk === 'boolean', {
    message: 'elopement_risk is required for residents (Yes or No)',
    path: ['elopement_risk'],
  })
  .refine((f) => !f.elopement_risk_hours || (f.role === 'resident' && f.elopement_risk === true), {
    message: RISK_HOURS_MESSAGES.onlyAtRisk,
    path: ['elopement_risk_hours'],
  });
export type FaceInfo = z.input<typeof faceInfoSchema>;
export type ParsedFaceInfo = z.output<typeof faceInfoSchema>;

/** POST /api/v6/faces (faces/add); `consent` records the person's answer (issue 27) */
export const addFaceBodySchema = z.object({ domain_uuid: uuidSchema, face_info: faceInfoSchema, consent: consentInputSchema.optional() });
/** PUT /api/v6/faces/{frontendFaceUuid} (faces/add): every field again, and the photo changes; `consent` when it changed */
export const editFaceBodySchema = z.object({ face_info: faceInfoSchema, consent: consentInputSchema.optional() });
export const faceParamsSchema = z.object({ frontendFaceUuid: uuidSchema });
export const faceIdParamsSchema = z.object({ id: uuidSchema });
export const faceSavedReplySchema = z.object({ ok: z.literal(true), frontend_face_uuid: uuidSchema });
export const faceDeletedReplySchema = z.object({ ok: z.literal(true) });

/** GET /api/v6/faces?domain_uuid= : every person of the building the caller may see, with last-seen fields. */
export const facesListQuerySchema = z.object({ domain_uuid: uuidSchema });
export const facesListReplySchema = z.object({ ok: z.literal(true), faces: z.array(faceSchema) });
/** GET /api/v6/faces/{id} */
export const faceReplySchema = z.object({ ok: z.literal(true), face: faceSchema });

/** A person's detection in their history (part 2 §3 "History entry"), merged per camera like events. */
export const historyEntrySchema = z.object({
  runtime_face_uuid: uuidSchema,
  frontend_face_uuid: uuidSchema,
  captured_at: isoUtcSchema,
  camera_uuid: uuidSchema,
  camera_description: z.string(),
  match_confidence: z.number(),
  /** the face detector's own confidence, when the detector sent one */
  face_confidence: z.number().nullable(),
  /** detections of the same camera within 300 s of each other are merged under the newest */
  merged: z.boolean(),
  mergeCount: z.number().int(),
  /** a reviewer confirmed this face is the person (training), and when */
  confirmed: z.boolean(),
  confirmed_at: isoUtcSchema.nullable(),
  poster_uri: z.string().nullable(),
  frame_uri: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/v6/faces/{id}/history?limit=&before= : newest first; `next_before` pages on. */
export const faceHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FACES.historyMaxPageSize).default(FACES.historyPageSize),
  before: isoUtcSchema.optional(),
});
export const faceHistoryReplySchema = z.object({
  ok: z.literal(true),
  history: z.array(historyEntrySchema),
  /** detections in the page before merging */
  detections: z.number().int(),
  next_before: isoUtcSchema.nullable(),
});

/** GET /api/v4/faceimage/{runtimeFaceUuid}: the detection's face crop (a redirect to its signed link). */
export const faceImageParamsSchema = z.object({ runtimeFaceUuid: uuidSchema });

/** What a person is, from their role (part 2 §3 employee, resident, visitor). */
export function roleFlags(role: FaceRole): { employee: boolean; resident: boolean; visitor: boolean } {
  return { employee: role === 'employee', resident: role === 'resident', visitor: role === 'family' || role === 'regular_visitor' };
}

/** Who the faces list may show (part 2 §5, DECISIONS.md): with faces/find_all everyone; otherwise residents only. */
export function visibleToCaller(role: FaceRole, findAll: boolean): boolean {
  return findAll || role === 'resident';
}

/**
 * Who may load the registry in a building (part 1 §6, DECISIONS.md): alerting/receive_er_alerts, faces/find_all or
 * faces/find_resident; otherwise 'Entitlements error: Cannot access Faces service.'.
 */
export function canReadFaces(services: ServiceMap | undefined): boolean {
  return (
    hasOperation(services, 'alerting', 'receive_er_alerts') ||
    hasOperation(services, 'faces', 'find_all') ||
    hasOperation(services, 'faces', 'find_resident')
  );
}
