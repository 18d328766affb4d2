import { z } from 'zod';
import { uuidSchema } from './common.js';

// Training (part 2 §2, §4, §7): what people answer about detected faces, kept apart from what the analyzer said.

/** One answer about a detection's match (POST /api/v4/facematchconfirm): see DECISIONS.md for true, false and null. */
export interface MatchAnswer {
  person: string;
  /** true: this face is this person; false: it is not; null: no opinion (clears an earlier true or false) */
  answer: boolean | null;
  at: number;
}

/** What a detection counts as once people have answered: the person it shows, and whether that is confirmed. */
export interface EffectiveMatch {
  person: string | null;
  /** 1 confirmed by a person, 0 rejected by a person, null the analyzer's word alone (or nobody's) */
  confirmed: 0 | 1 | null;
}

/**
 * The detection's match after every answer, newest answer per person counting (answers in any order; ties go to the
 * later one in the list):
 * - a person confirmed (their newest answer true) is the match; of several, the most recently confirmed;
 * - otherwise the analyzer's match stands, rejected (0) if its person's newest answer is false;
 * - otherwise, with no analyzer match, the most recent rejection is kept (so a list can say who it is not).
 * Taking an answer back (null) therefore restores the analyzer's match.
 */
export function effectiveMatch(analyzerPerson: string | null, answers: readonly MatchAnswer[]): EffectiveMatch {
  const newest = new Map<string, { answer: boolean | null; at: number; order: number }>();
  answers.forEach((a, order) => {
    const seen = newest.get(a.person);
    if (!seen || a.at > seen.at || (a.at === seen.at && order > seen.order)) newest.set(a.person, { answer: a.answer, at: a.at, order });
  });
  const latest = (answer: boolean) =>
    [...newest.entries()].filter(([, a]) => a.answer === answer).sort(([, x], [, y]) => y.at - x.at || y.order - x.order)[0]?.[0];
  const confirmed = latest(true);
  if (confirmed !== undefined) return { person: confirmed, confirmed: 1 };
  if (analyzerPerson !== null) return { person: analyzerPerson, confirmed: newest.get(analyzerPerson)?.answer === false ? 0 : null };
  const rejected = latest(false);
  return rejected === undefined ? { person: null, confirmed: null } : { person: rejected, confirmed: 0 };
}

/**
 * POST /api/v4/facematchconfirm: one detection (runtime_face_uuid, as the alert frame sends it) or many
 * (runtime_face_uuids, as the training tool and the match finder send them), all answered the same way.
 */
export const faceMatchConfirmBodySchema = z
  .object({
    runtime_face_uuid: uuidSchema.optional(),
    runtime_face_uuids: z.array(uuidSchema).min(1).max(500).optional(),
    frontend_face_uuid: uuidSchema,
    is_correct: z.boolean().nullable().optional(),
  })
  .refine((b) => (b.runtime_face_uuid === undefined) !== (b.runtime_face_uuids === undefined), {
    message: 'Give runtime_face_uuid or runtime_face_uuids, not both.',
  })
  .transform((b) => ({
    runtime_face_uuids: [...new Set(b.runtime_face_uuids ?? [b.runtime_face_uuid!])],
    frontend_face_uuid: b.frontend_face_uuid,
    is_correct: b.is_correct ?? null,
  }));
/** What a client sends (one detection or many); the server works on FaceMatchConfirmBody, the parsed form. */
export type FaceMatchConfirmRequest = z.input<typeof faceMatchConfirmBodySchema>;
export type FaceMatchConfirmBody = z.output<typeof faceMatchConfirmBodySchema>;
