import {
  CONSENT_MESSAGES,
  CONSENT_PURPOSES,
  consentInputSchema,
  recognitionAllowed,
  type ConsentGiver,
  type ConsentInput,
  type ConsentPurpose,
  type ConsentRecord,
  type ConsentState,
  type FaceConsent,
} from '@vigil/contract';

/** The consent part of the Add/Edit form as typed: no answer yet (null), or given or refused, by whom, for what. */
export interface ConsentForm {
  state: ConsentState | null;
  given_by: ConsentGiver;
  representative: string;
  purposes: ConsentPurpose[];
  note: string;
}

export function emptyConsentForm(): ConsentForm {
  return { state: null, given_by: 'person', representative: '', purposes: [...CONSENT_PURPOSES], note: '' };
}

/**
 * The form filled with the person's current answer: the newest recorded one when it is known (who answered, the note),
 * else what the list says of it (given or refused, for what).
 */
export function consentFormFrom(record: ConsentRecord | null | undefined, current: FaceConsent | null): ConsentForm {
  if (record)
    return {
      state: record.state,
      given_by: record.given_by,
      representative: record.representative ?? '',
      purposes: record.state === 'given' ? [...record.purposes] : [...CONSENT_PURPOSES],
      note: record.note ?? '',
    };
  if (!current) return emptyConsentForm();
  return {
    ...emptyConsentForm(),
    state: current.state,
    purposes: current.state === 'given' ? [...current.purposes] : [...CONSENT_PURPOSES],
  };
}

/** The answer as the API takes it: what does not apply (a representative's name, a refusal's purposes) left out. */
export function consentInputOf(form: ConsentForm): ConsentInput | null {
  if (form.state === null) return null;
  const representative = form.given_by === 'representative' ? form.representative.trim() : '';
  const note = form.note.trim();
  return {
    state: form.state,
    given_by: form.given_by,
    ...(representative && { representative }),
    purposes: form.state === 'given' ? CONSENT_PURPOSES.filter((p) => form.purposes.includes(p)) : [],
    ...(note && { note }),
  };
}

const same = (a: ConsentInput | null, b: ConsentInput | null) => JSON.stringify(a) === JSON.stringify(b);

export type ConsentFormResult = { ok: true; consent: ConsentInput | undefined } | { ok: false; error: string };

/**
 * Whether the consent part may be saved, and the answer to send: none when no answer was chosen or the answer is
 * the one the form started with (an edit that leaves it alone records nothing). Checked by the contract's schema.
 */
export function validateConsentForm(form: ConsentForm, started: ConsentForm = emptyConsentForm()): ConsentFormResult {
  const input = consentInputOf(form);
  if (input === null) return { ok: true, consent: undefined };
  const parsed = consentInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: consentIssueText(parsed.error.issues[0]!.message) };
  return { ok: true, consent: same(input, consentInputOf(started)) ? undefined : input };
}

/** The contract's messages as the form says them (they name the API's fields). */
function consentIssueText(message: string): string {
  if (message.startsWith('consent.representative: name')) return 'Name the representative who answered.';
  if (message.startsWith('consent.purposes: a consent')) return 'Tick what the consent covers: recognition, alerts or both.';
  if (message.startsWith('consent.representative')) return 'The representative’s name is too long.';
  if (message.startsWith('consent.note')) return 'The note is too long.';
  return message;
}

/** What the faces list and details show of a person's answer. */
export function consentBadge(consent: FaceConsent | null): { label: string; color: string } {
  if (!consent) return { label: CONSENT_MESSAGES.none, color: 'gray' };
  return consent.state === 'given'
    ? { label: CONSENT_MESSAGES.given, color: 'teal' }
    : { label: CONSENT_MESSAGES.refused, color: 'orange' };
}

/** 'Recognition and alerts', 'Recognition', … */
export function purposesText(purposes: readonly ConsentPurpose[]): string {
  const words = CONSENT_PURPOSES.filter((p) => purposes.includes(p)).map((p) => CONSENT_MESSAGES.purpose[p]);
  return words.length === 0 ? 'Nothing' : words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' and ');
}

/** Whether the building recognises the person now (its setting and their answer): the details say when it does not. */
export const recognisedNow = (consentRequired: boolean, consent: FaceConsent | null): boolean =>
  recognitionAllowed(consentRequired, consent);
