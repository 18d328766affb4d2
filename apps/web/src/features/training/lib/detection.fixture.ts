import type { DetectedFace, DetectedMatch, FacesDetectedReply } from '@vigil/contract';

/** Test data for the training tool: uuids end in `id`. */
export const personUuid = (id: string): string => `f0ce0000-0000-4000-8000-${id.padStart(12, '0')}`;
export const detectionUuid = (id: string): string => `b0000000-0000-4000-8000-${id.padStart(12, '0')}`;
export const CAMERA_UUID = 'c1a00001-0000-4000-8000-00000000a001';

const NAMES: Record<string, string> = { '1': 'Margaret Hill', '2': 'John Baker', '3': 'Rosa Diaz', '4': 'Ada Moore', '5': 'Ben Ortiz' };

/** Person `id` as a candidate with `confidence`. */
export function candidate(id: string, confidence: number, overrides: Partial<DetectedMatch> = {}): DetectedMatch {
  return {
    frontend_face_uuid: personUuid(id),
    person_name: NAMES[id] ?? `Person ${id}`,
    image_uri: `/media/people/${id}/front-thumb.jpg`,
    is_exact: false,
    is_rejected: false,
    confidence,
    ...overrides,
  };
}

/** Detection `id` at the front entrance, `id` minutes before 2026-11-20 12:00 UTC. */
export function detection(id: string, matches: DetectedMatch[], overrides: Partial<DetectedFace> = {}): DetectedFace {
  const at = Date.parse('2026-11-20T12:00:00Z') - Number(id) * 60_000;
  return {
    runtime_face_uuid: detectionUuid(id),
    frame_uri: `/media/faces/${id}.jpg`,
    camera_uuid: CAMERA_UUID,
    camera_description: 'Front Entrance Outdoor',
    captured_at: new Date(at).toISOString().replace(/\.\d+Z$/, 'Z'),
    face_confidence: 0.99,
    face_height: 96,
    matches,
    visitor_face_uuid: null,
    ...overrides,
  };
}

/** A reply of the detections search; `more` says whether a next page may hold more. */
export function reply(
  faces: DetectedFace[],
  refreshToken: string | null,
  {
    more = refreshToken !== null,
    oldest = faces.at(-1)?.captured_at ?? null,
    newResults = 0,
  }: { more?: boolean; oldest?: string | null; newResults?: number } = {},
): FacesDetectedReply {
  return { ok: true, faces, oldest_time: oldest, new_results: newResults, refresh_token: refreshToken, more, err: null };
}
