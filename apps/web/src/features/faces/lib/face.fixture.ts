import { roleFlags, type Face, type FaceImage, type PhotoOrientation } from '@vigil/contract';

/** A uuid for tests whose end is `id`. */
export const testUuid = (prefix: string, id: string): string => `${prefix}-0000-4000-8000-${id.padStart(12, '0')}`;

/** A stored photo of person `id`. */
export function photoFixture(id: string, orientation: PhotoOrientation): FaceImage {
  const uuid = testUuid('1a000000', `${id}${orientation === 'front' ? 1 : 2}`);
  return { uuid, orientation, uri: `/media/people/${id}/${uuid}.jpg?sig=x`, thumbnail_uri: `/media/people/${id}/${uuid}-thumb.jpg?sig=x` };
}

/** A never-seen resident of Maple Court for unit tests; `id` fills the end of their uuid. */
export function faceFixture(id: string, overrides: Partial<Face> = {}): Face {
  const first_name = overrides.first_name ?? 'Margaret';
  const last_name = overrides.last_name ?? 'Hill';
  const role = overrides.role ?? 'resident';
  return {
    frontend_face_uuid: testUuid('f0ce0000', id),
    domain_uuid: '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01',
    person_name: `${first_name} ${last_name}`,
    first_name,
    last_name,
    role,
    gender: 'female',
    complexion: null,
    room: null,
    bed: null,
    unit: null,
    wing: null,
    card: null,
    elopement_risk: false,
    elopement_risk_hours: null,
    email: null,
    employee_role: null,
    ...roleFlags(role),
    images: [],
    images_tagged: 0,
    last_seen_datetime: null,
    last_seen_camera_uuid: null,
    last_seen_camera_description: null,
    last_seen_detection_id: null,
    last_seen_preview: null,
    last_seen_frame_uri: null,
    consent: null,
    ...overrides,
  };
}
