import type { ElopementAlert } from '@vigil/contract';

/** An active, unanswered alert for unit tests; `id` fills the end of its uuid. */
export function alertFixture(id: string, eventTs: number, overrides: Partial<ElopementAlert> = {}): ElopementAlert {
  return {
    alert_id: `a0000000-0000-4000-8000-${id.padStart(12, '0')}`,
    event_ts: eventTs,
    category: 'elopement_alert',
    runtime_face_uuid: 'b0000000-0000-4000-8000-000000000001',
    frontend_face_uuid: 'f0ce0001-0000-4000-8000-00000000a001',
    person_name: 'Margaret Hill',
    gender: 'female',
    description: 'Margaret Hill at Front Entrance Outdoor',
    camera_uuid: 'c1a00001-0000-4000-8000-00000000a001',
    cameraDescription: 'Front Entrance Outdoor',
    posterFrame: '/poster',
    fullFrame: '/full',
    dismissed_at: null,
    dismissed_by_end_user_info: null,
    face_match: null,
    not_a_face: false,
    state: 'raised',
    acknowledged_at: null,
    acknowledged_by_end_user_info: null,
    acknowledged_device: null,
    escalation_tier: 0,
    steps: [
      {
        step: 'raised',
        at: new Date(eventTs * 1000).toISOString(),
        tier: 0,
        tier_name: 'Everyone on duty',
        by: null,
        device: null,
      },
    ],
    ...overrides,
  };
}
