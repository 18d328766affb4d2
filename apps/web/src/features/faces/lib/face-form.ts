import {
  PHOTO_ORIENTATIONS,
  faceInfoSchema,
  type Complexion,
  type EmployeeRole,
  type Face,
  type FaceImage,
  type FaceInfo,
  type FaceRole,
  type Gender,
  type ConsentInput,
  type ConsentRecord,
  type AlertDay,
  type ElopementRiskHours,
  type PhotoOrientation,
} from '@vigil/contract';
import { formPoint, pointToForm, type TimePointForm } from '../../../components/time-rule/time-rule-form';
import { consentFormFrom, emptyConsentForm, validateConsentForm, type ConsentForm } from './consent-form';

/** A photo slot of the form: the stored photo (never resent), a new picture (a data: URL), or none. */
export type PhotoSlot = { kind: 'none' } | { kind: 'stored'; image: FaceImage } | { kind: 'new'; data: string };

/** When a resident's elopement risk holds, as the form holds it: always, or between two bounds on some days. */
export interface RiskHoursForm {
  mode: 'Always' | 'Between';
  days: string[];
  start: TimePointForm;
  end: TimePointForm;
}

export const ALWAYS_AT_RISK: RiskHoursForm = {
  mode: 'Always',
  days: ['Day'],
  start: { kind: 'Dusk', time: '20:00' },
  end: { kind: 'Dawn', time: '07:00' },
};

/** A person's hours into the form. All day on some days is a Between whose bounds meet (00:00 to 00:00). */
export function riskHoursFormFrom(hours: ElopementRiskHours | null): RiskHoursForm {
  if (!hours) return { ...ALWAYS_AT_RISK };
  const range = hours.time_range;
  const midnight = { kind: 'Fixed' as const, time: '00:00' };
  return {
    mode: 'Between',
    days: [...hours.days],
    start: range.mode === 'All Day' ? midnight : pointToForm(range.start, ALWAYS_AT_RISK.start.time),
    end: range.mode === 'All Day' ? midnight : pointToForm(range.end, ALWAYS_AT_RISK.end.time),
  };
}

/** The form's hours as the contract takes them: null for always; bounds that meet at a fixed time are the whole day. */
export function riskHoursOf(form: RiskHoursForm): ElopementRiskHours | null {
  if (form.mode === 'Always') return null;
  const wholeDay = form.start.kind === 'Fixed' && form.end.kind === 'Fixed' && form.start.time === form.end.time && form.start.time !== '';
  return {
    days: form.days as AlertDay[],
    time_range: wholeDay ? { mode: 'All Day' } : { mode: 'Between', start: formPoint(form.start), end: formPoint(form.end) },
  };
}

/** The Add/Edit Face form as typed (part 2 §5); selects are null until chosen. */
export interface FaceForm {
  first_name: string;
  last_name: string;
  role: FaceRole | null;
  gender: Gender | null;
  complexion: Complexion | null;
  room_number: string;
  bed: string;
  elopement_risk: 'yes' | 'no' | null;
  /** when a resident's elopement risk holds (issue 37), sent only while they are at risk */
  risk_hours: RiskHoursForm;
  email: string;
  employee_role: EmployeeRole | null;
  unit: string;
  wing: string;
  card: string;
  photos: Record<PhotoOrientation, PhotoSlot>;
  /** their answer to recognition (issue 27): sent only when it changed */
  consent: ConsentForm;
}

export type FaceFormField = Exclude<keyof FaceForm, 'photos' | 'consent' | 'risk_hours'>;
/** The parts of the elopement-risk hours a complaint can be about. */
export type RiskHoursField = 'risk_days' | 'risk_start' | 'risk_end';

/** Labels as the form shows them; complexion is labelled 'Race' (part 2 §5). */
export const FACE_FORM_LABELS: Record<FaceFormField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  role: 'Role',
  gender: 'Gender',
  complexion: 'Race',
  room_number: 'Room',
  bed: 'Bed',
  elopement_risk: 'Elopement risk',
  email: 'Email',
  employee_role: 'Employee role',
  unit: 'Unit',
  wing: 'Wing',
  card: 'Card',
};

export function emptyFaceForm(): FaceForm {
  return {
    first_name: '',
    last_name: '',
    role: null,
    gender: null,
    complexion: null,
    room_number: '',
    bed: '',
    elopement_risk: null,
    risk_hours: { ...ALWAYS_AT_RISK },
    email: '',
    employee_role: null,
    unit: '',
    wing: '',
    card: '',
    photos: { front: { kind: 'none' }, side: { kind: 'none' } },
    consent: emptyConsentForm(),
  };
}

function storedPhoto(face: Face, orientation: PhotoOrientation): PhotoSlot {
  const image = face.images.find((i) => i.orientation === orientation);
  return image ? { kind: 'stored', image } : { kind: 'none' };
}

/** The names a person is shown with, when they differ from the stored ones (the dummy face names flag). */
export type ShownNames = Pick<Face, 'first_name' | 'last_name'>;

/**
 * The form filled with a person's fields, to edit them; with `shown`, the names as shown instead of the real ones; with
 * `consent`, their newest recorded answer (who gave it, the note).
 */
export function faceFormFrom(face: Face, shown?: ShownNames, consent?: ConsentRecord | null): FaceForm {
  return {
    first_name: shown?.first_name ?? face.first_name,
    last_name: shown?.last_name ?? face.last_name,
    role: face.role,
    gender: face.gender,
    complexion: face.complexion,
    room_number: face.room ?? '',
    bed: face.bed ?? '',
    elopement_risk: face.role === 'resident' ? (face.elopement_risk ? 'yes' : 'no') : null,
    risk_hours: riskHoursFormFrom(face.elopement_risk_hours),
    email: face.email ?? '',
    employee_role: face.employee_role,
    unit: face.unit ?? '',
    wing: face.wing ?? '',
    card: face.card ?? '',
    photos: { front: storedPhoto(face, 'front'), side: storedPhoto(face, 'side') },
    consent: consentFormFrom(consent, face.consent),
  };
}

/** The base64 of a data: URL (the server takes either; base64 is what part 2 §5 names). */
export const base64Of = (data: string): string => data.replace(/^data:[^,]*,/, '');

/**
 * The photo changes against the person as stored (part 2 §5): stored photos are not resent; a new one where there was
 * none goes to add, a replaced one to edit with the stored uuid, a removed one to delete.
 */
export function photoChanges(form: FaceForm, original: Face | null): NonNullable<FaceInfo['images']> {
  const images: Required<NonNullable<FaceInfo['images']>> = { add: [], edit: [], delete: [] };
  for (const orientation of PHOTO_ORIENTATIONS) {
    const before = original?.images.find((i) => i.orientation === orientation);
    const slot = form.photos[orientation];
    if (slot.kind === 'new') {
      if (before) images.edit.push({ uuid: before.uuid, orientation, data: base64Of(slot.data) });
      else images.add.push({ orientation, data: base64Of(slot.data) });
    } else if (before && (slot.kind === 'none' || slot.image.uuid !== before.uuid)) {
      images.delete.push(before.uuid);
    }
  }
  return images;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** A name left as shown (a made-up one) keeps the stored name; a typed one replaces it. */
function realName(typed: string, shown: string | undefined, stored: string | undefined): string {
  const name = typed.trim();
  return shown !== undefined && stored !== undefined && name === shown.trim() ? stored : name;
}

/**
 * The face_info of add and edit: the fields of the role's section only, the other section's cleared. With `shown`
 * (the dummy face names flag), names left as shown are sent as stored, so the made-up ones never overwrite them.
 */
export function faceInfoOf(form: FaceForm, original: Face | null, shown?: ShownNames): FaceInfo {
  const resident = form.role === 'resident';
  const employee = form.role === 'employee';
  return {
    first_name: realName(form.first_name, shown?.first_name, original?.first_name),
    last_name: realName(form.last_name, shown?.last_name, original?.last_name),
    role: form.role as FaceRole,
    gender: form.gender as Gender,
    complexion: form.complexion as Complexion,
    room_number: resident ? orNull(form.room_number) : null,
    bed: resident ? orNull(form.bed) : null,
    elopement_risk: resident && form.elopement_risk !== null ? form.elopement_risk === 'yes' : null,
    // Only while at risk: a resident no longer at risk loses their hours on the server.
    ...(resident && form.elopement_risk === 'yes' && { elopement_risk_hours: riskHoursOf(form.risk_hours) }),
    email: employee ? orNull(form.email) : null,
    employee_role: employee ? form.employee_role : null,
    unit: orNull(form.unit),
    wing: orNull(form.wing),
    card: orNull(form.card),
    images: photoChanges(form, original),
  };
}

/** By field; 'photos' for the photos, 'consent' for the answer, 'form' for anything else. */
export type FaceFormErrors = Partial<Record<FaceFormField | RiskHoursField | 'photos' | 'consent' | 'form', string>>;

export type FaceFormResult =
  | {
      ok: true;
      faceInfo: FaceInfo;
      /** the answer to record: none when no answer was chosen or it is the one the form started with */
      consent: ConsentInput | undefined;
    }
  | {
      ok: false;
      /** labels of required fields still empty */
      missing: string[];
      /** what is wrong with a filled-in field, by field */
      errors: FaceFormErrors;
    };

/** Required by part 2 §5: the names, role, gender and race; elopement risk (Yes/No) for residents. */
function missingFields(form: FaceForm): FaceFormField[] {
  const missing: FaceFormField[] = [];
  if (form.first_name.trim() === '') missing.push('first_name');
  if (form.last_name.trim() === '') missing.push('last_name');
  if (form.role === null) missing.push('role');
  if (form.gender === null) missing.push('gender');
  if (form.complexion === null) missing.push('complexion');
  if (form.role === 'resident' && form.elopement_risk === null) missing.push('elopement_risk');
  return missing;
}

function fieldOf(path: readonly PropertyKey[]): FaceFormField | RiskHoursField | 'photos' | null {
  const [first, second, third] = path;
  if (first === 'elopement_risk_hours') return second === 'days' ? 'risk_days' : third === 'end' ? 'risk_end' : 'risk_start';
  if (first === 'room') return 'room_number';
  if (first === 'images') return 'photos';
  return typeof first === 'string' && first in FACE_FORM_LABELS ? (first as FaceFormField) : null;
}

/**
 * Whether the form may be saved (Save shows only then, part 2 §4), and the face_info (and consent answer) to send:
 * checked by the contract's schemas, as the server checks them. `started`: the consent part as the form opened.
 */
export function validateFaceForm(form: FaceForm, original: Face | null = null, shown?: ShownNames, started?: ConsentForm): FaceFormResult {
  const missing = missingFields(form);
  const faceInfo = faceInfoOf(form, original, shown);
  const parsed = faceInfoSchema.safeParse(faceInfo);
  const errors: FaceFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path) ?? 'form';
      // A required field left empty is listed as missing, not as an error.
      if (field in FACE_FORM_LABELS && missing.includes(field as FaceFormField)) continue;
      errors[field] ??= issueText(field, issue.message);
    }
  }
  const consent = validateConsentForm(form.consent, started);
  if (!consent.ok) errors.consent = consent.error;
  if (missing.length === 0 && Object.keys(errors).length === 0 && parsed.success && consent.ok)
    return { ok: true, faceInfo, consent: consent.consent };
  return { ok: false, missing: missing.map((f) => FACE_FORM_LABELS[f]), errors };
}

function issueText(field: FaceFormField | RiskHoursField | 'photos' | 'form', message: string): string {
  if (field === 'photos') return `Photos: ${message}`;
  // The alert rules' own words, beside the input they are about ('Choose at least one day.').
  if (field === 'form' || field === 'risk_days' || field === 'risk_start' || field === 'risk_end') return message;
  if (field === 'email') return 'Enter an e-mail address, like name@example.com.';
  if (/too big|at most|<=/i.test(message)) return `${FACE_FORM_LABELS[field]} is too long.`;
  return `${FACE_FORM_LABELS[field]}: ${message}`;
}
