import { describe, expect, it } from 'vitest';
import {
  ALWAYS_AT_RISK,
  emptyFaceForm,
  faceFormFrom,
  riskHoursFormFrom,
  riskHoursOf,
  validateFaceForm,
  type FaceForm,
  type RiskHoursForm,
} from './face-form';
import { faceFixture, photoFixture } from './face.fixture';

const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgo=';

function residentForm(overrides: Partial<FaceForm> = {}): FaceForm {
  return {
    ...emptyFaceForm(),
    first_name: ' Ada ',
    last_name: 'Byron',
    role: 'resident',
    gender: 'female',
    complexion: 'black',
    room_number: '12',
    elopement_risk: 'no',
    ...overrides,
  };
}

describe('validateFaceForm: what is required (part 2 §5)', () => {
  it('lists the required fields of an empty form by their labels, Race for complexion, and cannot be saved', () => {
    expect(validateFaceForm(emptyFaceForm())).toEqual({
      ok: false,
      missing: ['First name', 'Last name', 'Role', 'Gender', 'Race'],
      errors: {},
    });
  });

  it('treats a name of only spaces as missing', () => {
    const result = validateFaceForm(residentForm({ last_name: '   ' }));
    expect(result).toMatchObject({ ok: false, missing: ['Last name'] });
  });

  it('needs Yes or No for elopement risk from a resident only; room and bed stay optional', () => {
    expect(validateFaceForm(residentForm({ elopement_risk: null }))).toMatchObject({ ok: false, missing: ['Elopement risk'] });
    const result = validateFaceForm(residentForm({ room_number: '', bed: '', elopement_risk: 'yes' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.faceInfo).toMatchObject({ room_number: null, bed: null, elopement_risk: true });
    expect(validateFaceForm(residentForm({ role: 'family', elopement_risk: null })).ok).toBe(true);
  });

  it('rejects a malformed e-mail address of an employee, naming the field, and keeps the rest valid', () => {
    const form = residentForm({ role: 'employee', email: 'not-an-address', elopement_risk: null });
    expect(validateFaceForm(form)).toEqual({
      ok: false,
      missing: [],
      errors: { email: 'Enter an e-mail address, like name@example.com.' },
    });
    expect(validateFaceForm({ ...form, email: 'ada@maple.example' }).ok).toBe(true);
  });

  it('sends trimmed names and only the fields of the role’s section', () => {
    const result = validateFaceForm(
      residentForm({ role: 'employee', email: 'ada@maple.example', employee_role: 'nurse', elopement_risk: 'yes', bed: 'B', unit: ' 4 ' }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.faceInfo).toEqual({
      first_name: 'Ada',
      last_name: 'Byron',
      role: 'employee',
      gender: 'female',
      complexion: 'black',
      room_number: null,
      bed: null,
      elopement_risk: null,
      email: 'ada@maple.example',
      employee_role: 'nurse',
      unit: '4',
      wing: null,
      card: null,
      images: { add: [], edit: [], delete: [] },
    });
  });
});

describe('validateFaceForm: photos against the person as stored (part 2 §5)', () => {
  const front = photoFixture('7', 'front');
  const side = photoFixture('7', 'side');
  const person = faceFixture('7', { images: [front, side], room: '12', elopement_risk: true, complexion: 'asian' });

  it('sends a new person’s photo in add, as base64 without the data: prefix', () => {
    const form = residentForm({ photos: { front: { kind: 'new', data: PNG_DATA_URL }, side: { kind: 'none' } } });
    const result = validateFaceForm(form);
    expect(result.ok && result.faceInfo.images).toEqual({ add: [{ orientation: 'front', data: 'iVBORw0KGgo=' }], edit: [], delete: [] });
  });

  it('does not resend untouched stored photos (they have an address, not data)', () => {
    const result = validateFaceForm(faceFormFrom(person), person);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.faceInfo.images).toEqual({ add: [], edit: [], delete: [] });
    expect(JSON.stringify(result.faceInfo)).not.toContain('/media/');
    expect(result.faceInfo).toMatchObject({ first_name: 'Margaret', room_number: '12', elopement_risk: true, complexion: 'asian' });
  });

  it('sends a replaced photo in edit with the stored uuid, and a removed one in delete', () => {
    const form = faceFormFrom(person);
    form.photos = { front: { kind: 'new', data: PNG_DATA_URL }, side: { kind: 'none' } };
    const result = validateFaceForm(form, person);
    expect(result.ok && result.faceInfo.images).toEqual({
      add: [],
      edit: [{ uuid: front.uuid, orientation: 'front', data: 'iVBORw0KGgo=' }],
      delete: [side.uuid],
    });
  });

  it('adds a photo where the person had none, next to a stored one', () => {
    const onlyFront = faceFixture('8', { images: [front] });
    const form = { ...faceFormFrom(onlyFront), elopement_risk: 'no' as const, complexion: 'Other' as const };
    form.photos = { ...form.photos, side: { kind: 'new', data: PNG_DATA_URL } };
    const result = validateFaceForm(form, onlyFront);
    expect(result.ok && result.faceInfo.images).toEqual({ add: [{ orientation: 'side', data: 'iVBORw0KGgo=' }], edit: [], delete: [] });
  });

  it('fills the form from a person, with empty text for missing values and no elopement answer for non-residents', () => {
    const employee = faceFixture('9', { role: 'employee', email: 'n@maple.example', employee_role: 'nurse', gender: null });
    expect(faceFormFrom(employee)).toMatchObject({
      role: 'employee',
      gender: null,
      room_number: '',
      elopement_risk: null,
      email: 'n@maple.example',
      photos: { front: { kind: 'none' }, side: { kind: 'none' } },
    });
    expect(validateFaceForm(faceFormFrom(employee), employee)).toMatchObject({ ok: false, missing: ['Gender', 'Race'] });
  });

  it('with dummy names shown, fills the form with them and sends the stored names unless they were retyped', () => {
    const shown = { first_name: 'Jane', last_name: 'Doe' };
    const form = faceFormFrom(person, shown);
    expect(form).toMatchObject({ first_name: 'Jane', last_name: 'Doe' });
    const kept = validateFaceForm(form, person, shown);
    expect(kept.ok && kept.faceInfo).toMatchObject({ first_name: 'Margaret', last_name: 'Hill' });
    const retyped = validateFaceForm({ ...form, last_name: 'Hill-Jones' }, person, shown);
    expect(retyped.ok && retyped.faceInfo).toMatchObject({ first_name: 'Margaret', last_name: 'Hill-Jones' });
  });
});

describe('validateFaceForm: consent to recognition (issue 27)', () => {
  const consent = (overrides: Partial<FaceForm['consent']>): FaceForm['consent'] => ({ ...emptyFaceForm().consent, ...overrides });

  it('records nothing while no answer is chosen', () => {
    const result = validateFaceForm(residentForm());
    expect(result).toMatchObject({ ok: true, consent: undefined });
  });

  it('sends a consent given by the person for what is ticked, in a fixed order, the note trimmed', () => {
    const form = residentForm({ consent: consent({ state: 'given', purposes: ['alerts', 'recognition'], note: ' form signed ' }) });
    expect(validateFaceForm(form)).toMatchObject({
      ok: true,
      consent: { state: 'given', given_by: 'person', purposes: ['recognition', 'alerts'], note: 'form signed' },
    });
  });

  it('needs a representative’s name and at least one purpose, and says so; a refusal covers everything', () => {
    const byRepresentative = residentForm({ consent: consent({ state: 'given', given_by: 'representative', representative: '  ' }) });
    expect(validateFaceForm(byRepresentative)).toEqual({
      ok: false,
      missing: [],
      errors: { consent: 'Name the representative who answered.' },
    });
    const forNothing = residentForm({ consent: consent({ state: 'given', purposes: [] }) });
    expect(validateFaceForm(forNothing)).toMatchObject({
      ok: false,
      errors: { consent: 'Tick what the consent covers: recognition, alerts or both.' },
    });
    const refused = residentForm({
      consent: consent({ state: 'refused', given_by: 'representative', representative: ' Jane (daughter) ', purposes: [] }),
    });
    const result = validateFaceForm(refused);
    expect(result).toMatchObject({ ok: true });
    if (result.ok)
      expect(result.consent).toEqual({ state: 'refused', given_by: 'representative', representative: 'Jane (daughter)', purposes: [] });
  });

  it('opens an edit with the newest answer, and sends it again only when it was changed', () => {
    const face = faceFixture('7', { complexion: 'black', consent: { state: 'given', purposes: ['recognition'] } });
    const record = {
      state: 'given' as const,
      given_by: 'representative' as const,
      representative: 'Jane (daughter)',
      purposes: ['recognition' as const],
      note: 'Signed',
      recorded_by: 'manager@maple.example',
      recorded_at: '2026-11-20T10:00:00Z',
    };
    const started = faceFormFrom(face, undefined, record);
    expect(started.consent).toEqual({
      state: 'given',
      given_by: 'representative',
      representative: 'Jane (daughter)',
      purposes: ['recognition'],
      note: 'Signed',
    });
    expect(validateFaceForm(started, face, undefined, started.consent)).toMatchObject({ ok: true, consent: undefined });
    const withdrawn = { ...started, consent: { ...started.consent, state: 'refused' as const } };
    expect(validateFaceForm(withdrawn, face, undefined, started.consent)).toMatchObject({
      ok: true,
      consent: { state: 'refused', given_by: 'representative', representative: 'Jane (daughter)', purposes: [], note: 'Signed' },
    });
    // Without the record (it could not be loaded), the form starts from what the list says: left alone, nothing is sent.
    const fromList = faceFormFrom(face);
    expect(fromList.consent).toMatchObject({ state: 'given', purposes: ['recognition'] });
    expect(validateFaceForm(fromList, face, undefined, fromList.consent)).toMatchObject({ ok: true, consent: undefined });
  });
});

describe('elopement-risk hours (issue 37)', () => {
  const between = (over: Partial<RiskHoursForm> = {}): RiskHoursForm => ({ ...ALWAYS_AT_RISK, mode: 'Between', ...over });

  it('round-trip through the form: always, Between with Dawn, Dusk and fixed times, and all day on some days', () => {
    expect(riskHoursOf(riskHoursFormFrom(null))).toBeNull();
    const nights = {
      days: ['Weekday' as const, 'Sunday' as const],
      time_range: { mode: 'Between' as const, start: { kind: 'Fixed' as const, time: '21:30' }, end: { kind: 'Dawn' as const } },
    };
    expect(riskHoursFormFrom(nights)).toEqual({
      mode: 'Between',
      days: ['Weekday', 'Sunday'],
      start: { kind: 'Fixed', time: '21:30' },
      end: { kind: 'Dawn', time: '07:00' },
    });
    expect(riskHoursOf(riskHoursFormFrom(nights))).toEqual(nights);
    // All day on weekends is shown as Between 00:00 and 00:00 (the whole day), and sent back as it was.
    const weekends = { days: ['Weekend' as const], time_range: { mode: 'All Day' as const } };
    expect(riskHoursFormFrom(weekends)).toMatchObject({ start: { kind: 'Fixed', time: '00:00' }, end: { kind: 'Fixed', time: '00:00' } });
    expect(riskHoursOf(riskHoursFormFrom(weekends))).toEqual(weekends);
  });

  it('are sent only for a resident at risk: null for Always, the hours for Between', () => {
    const atRisk = validateFaceForm(residentForm({ elopement_risk: 'yes', risk_hours: between() }));
    expect(atRisk.ok && atRisk.faceInfo.elopement_risk_hours).toEqual({
      days: ['Day'],
      time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
    });
    const always = validateFaceForm(residentForm({ elopement_risk: 'yes' }));
    expect(always.ok && always.faceInfo.elopement_risk_hours).toBeNull();
    const calm = validateFaceForm(residentForm({ elopement_risk: 'no', risk_hours: between() }));
    expect(calm.ok && calm.faceInfo).not.toHaveProperty('elopement_risk_hours');
    const family = validateFaceForm(residentForm({ role: 'family', elopement_risk: null, risk_hours: between() }));
    expect(family.ok && family.faceInfo).not.toHaveProperty('elopement_risk_hours');
  });

  it('say what is wrong beside the days, the start or the end, in the alert rules’ words', () => {
    expect(validateFaceForm(residentForm({ elopement_risk: 'yes', risk_hours: between({ days: [] }) }))).toEqual({
      ok: false,
      missing: [],
      errors: { risk_days: 'Choose at least one day.' },
    });
    const badEnd = validateFaceForm(residentForm({ elopement_risk: 'yes', risk_hours: between({ end: { kind: 'Fixed', time: '' } }) }));
    expect(badEnd).toMatchObject({ ok: false, errors: { risk_end: 'must be a time like 21:30' } });
  });

  it('open with the person’s stored hours when editing', () => {
    const face = faceFixture('9', {
      elopement_risk: true,
      elopement_risk_hours: { days: ['Day'], time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } } },
    });
    expect(faceFormFrom(face).risk_hours).toMatchObject({ mode: 'Between', days: ['Day'], start: { kind: 'Dusk' }, end: { kind: 'Dawn' } });
    expect(faceFormFrom(faceFixture('10', { elopement_risk: true })).risk_hours.mode).toBe('Always');
  });
});
