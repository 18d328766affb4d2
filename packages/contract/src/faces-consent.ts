import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

// Consent to face recognition (issue 27): each person's answer, who gave it and for what, and the building's setting
// that says whether recognition needs it.

export const CONSENT_STATES = ['given', 'refused'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];
/** the person themselves, or a representative (as for many residents) */
export const CONSENT_GIVERS = ['person', 'representative'] as const;
export type ConsentGiver = (typeof CONSENT_GIVERS)[number];
export const CONSENT_PURPOSES = ['recognition', 'alerts'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT = { representativeChars: 200, noteChars: 500 } as const;

export const CONSENT_MESSAGES = {
  given: 'Consent given',
  refused: 'Consent refused',
  none: 'No consent recorded',
  settingLabel: 'Recognition needs consent',
  settingHelp: 'People without consent to recognition are never matched, and no face data of theirs is kept.',
  notRecognised: 'Not recognised: no consent to recognition',
  purpose: { recognition: 'Recognition', alerts: 'Alerts' } satisfies Record<ConsentPurpose, string>,
} as const;

const trimmedText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field}: at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A consent answer as the add/edit form sends it (beside face_info). A representative is named when they answered; a
 * consent covers at least one purpose; a refusal covers everything (its purposes are dropped).
 */
export const consentInputSchema = z
  .object({
    state: z.enum(CONSENT_STATES, { message: "consent.state: 'given' or 'refused'" }),
    given_by: z.enum(CONSENT_GIVERS, { message: "consent.given_by: 'person' or 'representative'" }),
    representative: trimmedText(CONSENT.representativeChars, 'consent.representative'),
    purposes: z
      .array(z.enum(CONSENT_PURPOSES, { message: "consent.purposes: 'recognition' or 'alerts'" }))
      .max(CONSENT_PURPOSES.length * 2)
      .default([]),
    note: trimmedText(CONSENT.noteChars, 'consent.note'),
  })
  .superRefine((c, ctx) => {
    if (c.given_by === 'representative' && !c.representative)
      ctx.addIssue({ code: 'custom', path: ['representative'], message: 'consent.representative: name the representative who answered' });
    if (c.state === 'given' && c.purposes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['purposes'], message: 'consent.purposes: a consent covers recognition, alerts or both' });
  })
  .transform((c) => ({
    ...c,
    representative: c.given_by === 'representative' ? c.representative : null,
    // In the contract's order, once each; a refusal allows nothing.
    purposes: c.state === 'given' ? CONSENT_PURPOSES.filter((p) => c.purposes.includes(p)) : [],
  }));
export type ConsentInput = z.input<typeof consentInputSchema>;
export type ParsedConsent = z.output<typeof consentInputSchema>;

/** A person's current consent as the faces list shows it; null when none was recorded. */
export const faceConsentSchema = z.object({
  state: z.enum(CONSENT_STATES),
  purposes: z.array(z.enum(CONSENT_PURPOSES)),
});
export type FaceConsent = z.infer<typeof faceConsentSchema>;

/** One recorded answer (GET /api/v1/faces/{id}/consents), with who recorded it and when. */
export const consentRecordSchema = z.object({
  state: z.enum(CONSENT_STATES),
  given_by: z.enum(CONSENT_GIVERS),
  representative: z.string().nullable(),
  purposes: z.array(z.enum(CONSENT_PURPOSES)),
  note: z.string().nullable(),
  recorded_by: z.string(),
  recorded_at: isoUtcSchema,
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
/** GET /api/v1/faces/{id}/consents: newest first (the first is the current one). */
export const faceConsentsReplySchema = z.object({ ok: z.literal(true), consents: z.array(consentRecordSchema) });

/** GET /api/v1/privacy/consent?domain_uuid= and PUT /api/v1/privacy/consent (faces/edit): the building's setting. */
export const consentSettingQuerySchema = z.object({ domain_uuid: uuidSchema });
export const consentSettingBodySchema = z.object({
  domain_uuid: uuidSchema,
  required: z.boolean({ message: 'required: true or false' }),
});
export const consentSettingReplySchema = z.object({ ok: z.literal(true), domain_uuid: uuidSchema, required: z.boolean() });
export type ConsentSetting = z.infer<typeof consentSettingReplySchema>;

/**
 * Whether a person may be recognised for `purposes` (recognition alone by default; an elopement alert needs
 * recognition and alerts): always when the building does not require consent, otherwise only with a consent given
 * for every one of them.
 */
export function recognitionAllowed(
  consentRequired: boolean,
  consent: FaceConsent | null | undefined,
  purposes: readonly ConsentPurpose[] = ['recognition'],
): boolean {
  if (!consentRequired) return true;
  return consent?.state === 'given' && purposes.every((p) => consent.purposes.includes(p));
}

/** Whether a new answer says something other than the current one (an edit that repeats it records nothing). */
export function consentChanged(current: ParsedConsent | null | undefined, next: ParsedConsent): boolean {
  if (!current) return true;
  return (
    current.state !== next.state ||
    current.given_by !== next.given_by ||
    current.representative !== next.representative ||
    current.note !== next.note ||
    current.purposes.join(',') !== next.purposes.join(',')
  );
}
