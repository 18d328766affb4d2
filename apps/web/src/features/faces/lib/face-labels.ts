import type { Complexion, EmployeeRole, Face, FaceRole, Gender } from '@vigil/contract';

export const ROLE_LABELS: Record<FaceRole, string> = {
  resident: 'Resident',
  employee: 'Employee',
  family: 'Family',
  outside_employee: 'Outside Employee',
  regular_visitor: 'Regular Visitor',
};

export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

export const COMPLEXION_LABELS: Record<Complexion, string> = {
  asian: 'Asian',
  black: 'Black',
  caucasian: 'Caucasian',
  native_american: 'Native American',
  hispanic: 'Hispanic',
  Other: 'Other',
};

export const EMPLOYEE_ROLE_LABELS: Record<EmployeeRole, string> = {
  administrator: 'Administrator',
  supervisor: 'Supervisor',
  nurse: 'Nurse',
};

/** Select options of a label map, in the contract's order. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The role as one short tag of a list row: employees are 'Staff' (part 2 §2). */
export const roleTag = (face: Pick<Face, 'role'>): string => (face.role === 'employee' ? 'Staff' : ROLE_LABELS[face.role]);

export interface FaceTag {
  label: string;
  color: string;
}

/**
 * The details' tags (part 2 §2): Staff or Resident, the role (an employee's job, another role by name), Elopement
 * Risk, Room, Unit, Bed and Wing when set. A resident's role is not repeated.
 */
export function faceTags(face: Face): FaceTag[] {
  const tags: FaceTag[] = [];
  if (face.employee) tags.push({ label: 'Staff', color: 'blue' });
  if (face.resident) tags.push({ label: 'Resident', color: 'teal' });
  if (face.employee && face.employee_role) tags.push({ label: EMPLOYEE_ROLE_LABELS[face.employee_role], color: 'gray' });
  if (!face.employee && !face.resident) tags.push({ label: ROLE_LABELS[face.role], color: 'gray' });
  if (face.elopement_risk) tags.push({ label: 'Elopement Risk', color: 'red' });
  if (face.room) tags.push({ label: `Room ${face.room}`, color: 'gray' });
  if (face.unit) tags.push({ label: `Unit ${face.unit}`, color: 'gray' });
  if (face.bed) tags.push({ label: `Bed ${face.bed}`, color: 'gray' });
  if (face.wing) tags.push({ label: `Wing ${face.wing}`, color: 'gray' });
  return tags;
}

/** Up to two initials for an avatar without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters
    .map((w) => w?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The front photo's thumbnail (else any photo's), for the list and the avatar. */
export function thumbnailOf(face: Pick<Face, 'images'>): string | null {
  const photo = face.images.find((i) => i.orientation === 'front') ?? face.images[0];
  return photo?.thumbnail_uri ?? null;
}
