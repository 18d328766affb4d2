import { FACE_SYNONYMS, applySearch, type Face, type SearchModel, type SearchState } from '@vigil/contract';

export const FACE_FILTERS = ['People', 'Badges'] as const;
export const FACE_SORTS = ['Activity', 'First Name', 'Last Name'] as const;
export type FaceSort = (typeof FACE_SORTS)[number];

const byText = (a: string, b: string): number => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** Activity: the most recently seen first; people never seen come last, by name. */
export function compareActivity(a: Face, b: Face): number {
  const seenA = a.last_seen_datetime ? Date.parse(a.last_seen_datetime) : null;
  const seenB = b.last_seen_datetime ? Date.parse(b.last_seen_datetime) : null;
  if (seenA !== seenB) {
    if (seenA === null) return 1;
    if (seenB === null) return -1;
    return seenB - seenA;
  }
  return byText(a.last_name, b.last_name) || byText(a.first_name, b.first_name);
}

/**
 * The faces list's search (part 2 §2): keys, the People and Badges filters (Badges: people with a card), the Activity,
 * First Name and Last Name sorts, and the synonyms (black = african american, caucasian = white, employee = staff).
 */
export const FACE_SEARCH_MODEL: SearchModel<Face> = {
  keys: [
    { key: 'first_name', get: (f) => f.first_name },
    { key: 'last_name', get: (f) => f.last_name },
    { key: 'person_name', get: (f) => f.person_name },
    { key: 'role', get: (f) => f.role },
    // 'begins with', so 'asian' does not find 'caucasian'.
    { key: 'complexion', get: (f) => f.complexion, match: 'begins with' },
    { key: 'elopement_risk', get: (f) => f.elopement_risk },
    { key: 'last_seen_camera_description', get: (f) => f.last_seen_camera_description },
    { key: 'room', get: (f) => f.room },
    { key: 'bed', get: (f) => f.bed },
  ],
  filters: [
    { name: 'People', test: () => true },
    { name: 'Badges', test: (f) => f.card !== null && f.card !== '' },
  ],
  sorts: [
    { name: 'Activity', compare: compareActivity },
    { name: 'First Name', compare: (a, b) => byText(a.first_name, b.first_name) || byText(a.last_name, b.last_name) },
    { name: 'Last Name', compare: (a, b) => byText(a.last_name, b.last_name) || byText(a.first_name, b.first_name) },
  ],
  synonyms: FACE_SYNONYMS,
};

export const INITIAL_FACE_SEARCH: SearchState = { query: '', filter: 'People', sort: 'Activity', reversed: false };

/** The people the list shows, in order. Unsupported matches are warned about (part 2 §5) and count as no match. */
export function searchFaces(faces: readonly Face[], state: SearchState): Face[] {
  return applySearch(faces, FACE_SEARCH_MODEL, state, (message: string) => console.warn(message));
}
