import { describe, expect, it } from 'vitest';
import { addFaceBodySchema, editFaceBodySchema } from './faces.js';
import { CONSENT, consentChanged, consentInputSchema, recognitionAllowed, type ParsedConsent } from './faces-consent.js';

const messages = (input: unknown) => {
  const parsed = consentInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('recognitionAllowed', () => {
  const given = (...purposes: ('recognition' | 'alerts')[]) => ({ state: 'given' as const, purposes });

  it('allows everyone while the building does not require consent, whatever they answered', () => {
    expect(recognitionAllowed(false, null)).toBe(true);
    expect(recognitionAllowed(false, { state: 'refused', purposes: [] })).toBe(true);
    expect(recognitionAllowed(false, null, ['recognition', 'alerts'])).toBe(true);
  });

  it('needs a consent given for every purpose asked when the building requires it', () => {
    expect(recognitionAllowed(true, null)).toBe(false);
    expect(recognitionAllowed(true, undefined)).toBe(false);
    expect(recognitionAllowed(true, { state: 'refused', purposes: [] })).toBe(false);
    // A refusal never allows, even with purposes stored by an older client.
    expect(recognitionAllowed(true, { state: 'refused', purposes: ['recognition'] })).toBe(false);
    expect(recognitionAllowed(true, given('recognition'))).toBe(true);
    expect(recognitionAllowed(true, given('alerts'))).toBe(false);
    expect(recognitionAllowed(true, given('recognition'), ['recognition', 'alerts'])).toBe(false);
    expect(recognitionAllowed(true, given('alerts', 'recognition'), ['recognition', 'alerts'])).toBe(true);
  });
});

describe('consentInputSchema', () => {
  it('takes a consent given by the person, purposes once each in a fixed order, texts trimmed', () => {
    expect(
      consentInputSchema.parse({
        state: 'given',
        given_by: 'person',
        purposes: ['alerts', 'recognition', 'alerts'],
        note: '  signed form ',
      }),
    ).toEqual({ state: 'given', given_by: 'person', representative: null, purposes: ['recognition', 'alerts'], note: 'signed form' });
  });

  it('keeps a representative only when they answered, and a refusal allows nothing', () => {
    expect(
      consentInputSchema.parse({ state: 'given', given_by: 'person', representative: 'Someone', purposes: ['recognition'] }).representative,
    ).toBeNull();
    expect(
      consentInputSchema.parse({
        state: 'refused',
        given_by: 'representative',
        representative: ' Jane Doe (daughter) ',
        purposes: ['alerts'],
      }),
    ).toEqual({ state: 'refused', given_by: 'representative', representative: 'Jane Doe (daughter)', purposes: [], note: null });
  });

  it('refuses a representative without a name, a consent for nothing, unknown words and long texts, with messages', () => {
    expect(messages({ state: 'given', given_by: 'representative', representative: '  ', purposes: ['recognition'] })).toEqual([
      'consent.representative: name the representative who answered',
    ]);
    expect(messages({ state: 'given', given_by: 'person', purposes: [] })).toEqual([
      'consent.purposes: a consent covers recognition, alerts or both',
    ]);
    expect(messages({ state: 'maybe', given_by: 'person' })).toEqual(["consent.state: 'given' or 'refused'"]);
    expect(messages({ state: 'given', given_by: 'neighbour', purposes: ['recognition'] })).toEqual([
      "consent.given_by: 'person' or 'representative'",
    ]);
    expect(messages({ state: 'given', given_by: 'person', purposes: ['marketing'] })).toEqual([
      "consent.purposes: 'recognition' or 'alerts'",
    ]);
    expect(messages({ state: 'refused', given_by: 'person', note: 'x'.repeat(CONSENT.noteChars + 1) })).toEqual([
      `consent.note: at most ${CONSENT.noteChars} characters`,
    ]);
    expect(messages({ state: 'refused', given_by: 'person', note: 'x'.repeat(CONSENT.noteChars) })).toEqual([]);
  });

  it('is optional in the add and edit bodies', () => {
    const face_info = { first_name: 'A', last_name: 'B', role: 'resident', gender: 'female', complexion: 'Other', elopement_risk: false };
    expect(editFaceBodySchema.parse({ face_info }).consent).toBeUndefined();
    const body = addFaceBodySchema.parse({
      domain_uuid: '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01',
      face_info,
      consent: { state: 'refused', given_by: 'person' },
    });
    expect(body.consent).toEqual({ state: 'refused', given_by: 'person', representative: null, purposes: [], note: null });
    expect(editFaceBodySchema.safeParse({ face_info, consent: { state: 'given', given_by: 'person' } }).success).toBe(false);
  });
});

describe('consentChanged', () => {
  const current: ParsedConsent = { state: 'given', given_by: 'person', representative: null, purposes: ['recognition'], note: null };

  it('is true for a first answer and for any difference, false for the same answer again', () => {
    expect(consentChanged(null, current)).toBe(true);
    expect(consentChanged(current, { ...current })).toBe(false);
    expect(consentChanged(current, { ...current, purposes: ['recognition', 'alerts'] })).toBe(true);
    expect(consentChanged(current, { ...current, state: 'refused', purposes: [] })).toBe(true);
    expect(consentChanged(current, { ...current, given_by: 'representative', representative: 'Jane' })).toBe(true);
    expect(consentChanged(current, { ...current, note: 'renewed' })).toBe(true);
  });
});
