import { MATCH_FINDER, type MatchFinderRequest } from '@vigil/contract';

// The match finder of a person's details (part 2 §2 'More Detections', §5): what is asked, and what is said back.

/** What the form holds: '' for a date or camera not given. */
export interface MatchFinderFilters {
  /** YYYY-MM-DD, the first day searched */
  from: string;
  /** YYYY-MM-DD, the last day searched */
  to: string;
  cameraId: string;
}

export const NO_MATCH_FINDER_FILTERS: MatchFinderFilters = { from: '', to: '', cameraId: '' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Part 2 §5: both dates optional, each YYYY-MM-DD; null when the filters can be searched. */
export function matchFinderFiltersError({ from, to }: MatchFinderFilters): string | null {
  if ((from !== '' && !DAY.test(from)) || (to !== '' && !DAY.test(to))) return 'Dates are YYYY-MM-DD, such as 2026-03-04.';
  if (from !== '' && to !== '' && from > to) return "'From' must be on or before 'To'.";
  return null;
}

/** The search for a person's faces: only the dates and the camera that were given, and the default 100 results. */
export function matchFinderRequest(domainId: string, personId: string, { from, to, cameraId }: MatchFinderFilters): MatchFinderRequest {
  return {
    domain_uuid: domainId,
    frontend_face_uuid: personId,
    ...(from !== '' ? { start: from } : {}),
    ...(to !== '' ? { end: to } : {}),
    ...(cameraId !== '' ? { camera_uuids: [cameraId] } : {}),
    limit: MATCH_FINDER.defaultLimit,
  };
}

/** Similarity (0..1) with two decimals. */
export const similarityText = (similarity: number): string => similarity.toFixed(2);

/** When the range held more faces than the server compares (MATCH_FINDER.maxScanned), the newest were compared. */
/** Under the results: how many faces of the range the search compared (all of them). */
export const comparedNote = (scanned: number): string =>
  `${scanned.toLocaleString('en-US')} ${scanned === 1 ? 'face' : 'faces'} of the range compared.`;

export const MATCH_FINDER_FAILED = 'The search did not work. Please try again.';

/**
 * What a failed search says: the server's own words when they tell the user something they can act on (part 2 §8: a
 * building without a valid time zone; nothing to compare with yet), else a short generic line. `status` 200 is a
 * reply that says it is not ok.
 */
export function matchFinderErrorText(status: number | null, serverText: string): string {
  if (status === 200) return serverText;
  if (status === 400 && /time ?zone/i.test(serverText)) return serverText;
  if (status === 409) return serverText;
  return MATCH_FINDER_FAILED;
}

/** The selection with `id` added, or taken out when it was in. */
export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}
