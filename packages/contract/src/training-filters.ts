// The face training tool's filters and how it shows them (part 2 §2, §3 Training filters, §5, §9): the rules the web
// applies to what a reviewer types, the subtitle that sums the filters up, and the confidence colours and format.

export const CONFIDENCE_PREDICATES = ['ge', 'gt', 'eq', 'le', 'lt'] as const;
export type ConfidencePredicate = (typeof CONFIDENCE_PREDICATES)[number];

/** Part 2 §9. */
export const TRAINING = {
  /** detections per page, and candidates shown per detection */
  pageSize: 20,
  maxCandidates: 4,
  /** the subtitle cuts a camera's description at this many characters, plus an ellipsis */
  subtitleCameraChars: 30,
  /** the date filter is shown in this time zone */
  dateTimeZone: 'America/New_York',
  /** confidence colours: below `red` red, below the threshold yellow, otherwise green */
  red: 0.9,
  defaultThreshold: 0.98,
  /** a detection confidence above this counts as the confirmed class */
  confirmedClass: 0.95,
} as const;

/** Part 2 §3 Training filters, as the browser keeps them. */
export interface TrainingFilters {
  /** results up to this moment (ISO UTC), or the newest */
  date: string | null;
  cameraUUID: string | null;
  /** minimum face height in px (0: any) */
  faceHeight: number;
  faceUUIDs: string[];
  confidence: number | null;
  confidencePredicate: ConfidencePredicate;
  shapesOnFaces: boolean;
  clahe: boolean;
}

export const DEFAULT_TRAINING_FILTERS: TrainingFilters = {
  date: null,
  cameraUUID: null,
  faceHeight: 0,
  faceUUIDs: [],
  confidence: null,
  confidencePredicate: 'ge',
  shapesOnFaces: false,
  clahe: false,
};

/** Confidence: a number from 0 to 1 in steps of 0.01 (rounded to the step); anything else is not a confidence (null). */
export function parseConfidence(raw: string): number | null {
  const text = raw.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 1) return null;
  return Math.round(value * 100) / 100;
}

/** Minimum face height: a whole number of pixels; what is not a number becomes 0. */
export function parseFaceHeight(raw: string): number {
  const value = Number.parseInt(raw.trim(), 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** The person filter keeps only non-empty strings. */
export function cleanPersonFilter(ids: readonly unknown[]): string[] {
  return ids.filter((id): id is string => typeof id === 'string' && id.trim() !== '');
}

/** A time given as HH:mm gets :00 appended; any other text is left as it is. */
export function completeTime(raw: string): string {
  return /^\d{2}:\d{2}$/.test(raw) ? `${raw}:00` : raw;
}

const PREDICATE_SIGNS: Record<ConfidencePredicate, string> = { ge: '≥', gt: '>', eq: '=', le: '≤', lt: '<' };

/**
 * The subtitle summing up the active filters, comma separated: the camera's description (cut at 30 characters plus an
 * ellipsis), the minimum face height in px, the people ('N Face' when more than one, else the person's name), the
 * confidence predicate with its value, and 'Shapes' or 'Shapes (CLAHE)'. Inactive filters are left out.
 */
export function trainingSubtitle(
  filters: TrainingFilters,
  names: { camera(uuid: string): string | undefined; person(uuid: string): string | undefined },
): string {
  const parts: string[] = [];
  if (filters.cameraUUID) {
    const camera = names.camera(filters.cameraUUID) ?? filters.cameraUUID;
    const cut = TRAINING.subtitleCameraChars;
    parts.push(camera.length > cut ? `${camera.slice(0, cut)}…` : camera);
  }
  if (filters.faceHeight > 0) parts.push(`${filters.faceHeight}px`);
  const people = cleanPersonFilter(filters.faceUUIDs);
  if (people.length > 1) parts.push(`${people.length} Face`);
  else if (people.length === 1) parts.push(names.person(people[0]!) ?? people[0]!);
  if (filters.confidence !== null) parts.push(`${PREDICATE_SIGNS[filters.confidencePredicate]} ${formatConfidence(filters.confidence)}`);
  if (filters.shapesOnFaces) parts.push(filters.clahe ? 'Shapes (CLAHE)' : 'Shapes');
  return parts.join(', ');
}

/** Two decimals, the leading zero dropped ('.93'), 1 shown as '1'. */
export function formatConfidence(value: number): string {
  const fixed = value.toFixed(2);
  if (fixed === '1.00') return '1';
  return fixed.replace(/^0(?=\.)/, '');
}

/** The confirmation indicator's colour: below 0.90 red, below the threshold (default 0.98) yellow, otherwise green. */
export function confidenceColour(value: number, threshold: number = TRAINING.defaultThreshold): 'red' | 'yellow' | 'green' {
  if (value < TRAINING.red) return 'red';
  if (value < threshold) return 'yellow';
  return 'green';
}

/** A detection confidence above 0.95 counts as the confirmed class. */
export const isConfirmedClass = (value: number): boolean => value > TRAINING.confirmedClass;

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: TRAINING.dateTimeZone,
  weekday: 'short',
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

/** The date filter as shown: New York time, like 'Mon, 01/02/2023, 3:04:05 pm'. */
export function formatFilterDate(at: string | number): string {
  const parts = Object.fromEntries(NEW_YORK.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.weekday}, ${parts.month}/${parts.day}/${parts.year}, ${parts.hour}:${parts.minute}:${parts.second} ${String(parts.dayPeriod).toLowerCase()}`;
}
