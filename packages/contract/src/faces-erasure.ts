import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

/**
 * "Erase this person" and "Export this person's data" (issue 27): what erasing a person takes away, the receipt it
 * leaves, and the export for a subject access request.
 */

/** What an erased person's alerts show in their place: the fact stays (time, camera, dismissal), the face goes. */
export const ERASED_PERSON = {
  /** the nil UUID: the alert names nobody (the stored alert has no person or detection any more) */
  uuid: '00000000-0000-0000-0000-000000000000',
  name: 'Erased person',
  /** an erased person's alerts' text (the old one named them) */
  description: 'Erased person',
} as const;

/** The export holds the crops of at most this many of the person's detections (the newest). */
export const PERSON_EXPORT_MAX_CROPS = 1000;

/**
 * What an erasure takes away, counted (GET …/erasure: what would go; the receipt: what went). Detections the person
 * is only named in (as a candidate, a rejected match, the analyzer's wrong guess, or the visitor made from it) are
 * someone else's face: they stay, without the person's name.
 */
export const erasureCountsSchema = z.object({
  /** registry photos (their files and thumbnails) */
  photos: z.number().int(),
  /** embeddings the analyzers made of those photos */
  photo_embeddings: z.number().int(),
  /** detections the analyzer matched to them that nobody reviewed */
  detections_matched: z.number().int(),
  /** detections a reviewer confirmed are them */
  detections_confirmed: z.number().int(),
  /** those detections' embeddings (and the match finder's codes of them) */
  detection_embeddings: z.number().int(),
  /** those detections' pictures in the media folder (face crops, frames and the images made from them) */
  pictures: z.number().int(),
  /** review answers about those detections or naming the person */
  reviews: z.number().int(),
  /** other detections that name them (candidate, rejected match, the analyzer's guess): they lose the name */
  other_detections: z.number().int(),
  /** consent answers recorded for them */
  consent_records: z.number().int(),
  /** trained models that know them: their prototypes and identity are taken out */
  models: z.number().int(),
  /** elopement alerts about them: kept (time, camera, dismissal) without the face and name */
  alerts: z.number().int(),
  /** badge identities linked to them (by card): erased with their taps and verified matches */
  badge_identities: z.number().int(),
  /** rows of stored reports that name them or their badge: taken out of the reports */
  report_rows: z.number().int(),
});
export type ErasureCounts = z.infer<typeof erasureCountsSchema>;

/** GET /api/v1/faces/{uuid}/erasure (faces/delete): what erasing the person would take away. */
export const erasurePreviewReplySchema = z.object({
  ok: z.literal(true),
  frontend_face_uuid: uuidSchema,
  /** the person's stored full name: the confirmation must repeat it */
  person_name: z.string(),
  counts: erasureCountsSchema,
});
export type ErasurePreviewReply = z.infer<typeof erasurePreviewReplySchema>;

/** POST /api/v1/faces/{uuid}/erase: the person's full name, typed as a confirmation (case and spacing do not matter). */
export const eraseBodySchema = z.object({
  confirm: z.string().trim().min(1, 'Type the person’s full name to confirm.').max(300),
});
export type EraseBody = z.infer<typeof eraseBodySchema>;

/** The erasure receipt (also in the audit log): what went, by whom, when; no name, no biometric data. */
export const erasureReceiptSchema = z.object({
  frontend_face_uuid: uuidSchema,
  erased_at: isoUtcSchema,
  /** the e-mail of whoever erased them (an operator's, from the command line) */
  erased_by: z.string().nullable(),
  counts: erasureCountsSchema,
});
export type ErasureReceipt = z.infer<typeof erasureReceiptSchema>;

export const eraseReplySchema = z.object({ ok: z.literal(true), receipt: erasureReceiptSchema });
export type EraseReply = z.infer<typeof eraseReplySchema>;

/** Whether a typed confirmation names the person: the same words, whatever the case, accents' encoding and spacing. */
export function confirmsName(typed: string, fullName: string): boolean {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(fullName);
}
