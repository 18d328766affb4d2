/**
 * The generic search kit (spec part 2 §3 "Search model", §4, §5): a list's keys, filters, sorts and synonyms, and the
 * query that searches them. A query is comma-separated; each item is 'key:term' (that key only) or a bare term (a
 * wildcard: any key). Every item must match. The faces list uses it; badge and report lists are meant to reuse it.
 */

export const MATCH_CONDITIONS = ['begins with', 'ends with', 'includes', 'equals', 'greater', 'less', '>=', '<='] as const;
export type MatchCondition = (typeof MATCH_CONDITIONS)[number];

export interface SearchKey<T> {
  key: string;
  get(item: T): string | number | boolean | null | undefined;
  /** Default 'includes'. */
  match?: MatchCondition;
}

export interface SearchFilter<T> {
  name: string;
  test(item: T): boolean;
}

export interface SearchSort<T> {
  name: string;
  compare(a: T, b: T): number;
}

export interface SearchModel<T> {
  keys: SearchKey<T>[];
  filters: SearchFilter<T>[];
  sorts: SearchSort<T>[];
  /** canonical -> equivalents; matching is symmetric (see expandSynonyms) */
  synonyms: Record<string, string[]>;
}

export interface SearchState {
  query: string;
  /** a filter's name, or null for none */
  filter: string | null;
  /** a sort's name, or null to keep the items' own order */
  sort: string | null;
  reversed: boolean;
}

export interface ParsedItem {
  /** null = wildcard: every key */
  key: string | null;
  term: string;
}

/** The faces list's synonyms (part 2 §4): black = african american, caucasian = white, employee = staff. */
export const FACE_SYNONYMS: Record<string, string[]> = {
  black: ['african american'],
  caucasian: ['white'],
  employee: ['staff'],
};

export const DEFAULT_MATCH_CONDITION: MatchCondition = 'includes';

const ORDER_CONDITIONS: ReadonlySet<MatchCondition> = new Set<MatchCondition>(['greater', 'less', '>=', '<=']);

/** Whether a condition compares numbers (greater, less, >=, <=) rather than text. */
export const isOrderCondition = (condition: MatchCondition): boolean => ORDER_CONDITIONS.has(condition);

const normalize = (text: string): string => text.trim().toLowerCase();

/**
 * The items of a query: split on commas, 'key:term' or a bare term (wildcard), trimmed, lower-cased. Items with no term
 * (blank, or 'key:' half typed) are dropped so they do not narrow the list; ':term' is a wildcard. A key the model does
 * not have is kept, and matches nothing.
 */
export function parseQuery(query: string): ParsedItem[] {
  const items: ParsedItem[] = [];
  for (const raw of query.split(',')) {
    const colon = raw.indexOf(':');
    const term = normalize(colon < 0 ? raw : raw.slice(colon + 1));
    if (term === '') continue;
    const key = colon < 0 ? '' : normalize(raw.slice(0, colon));
    items.push({ key: key === '' ? null : key, term });
  }
  return items;
}

/** A number from text, or null: blank text is not 0 (Number('') is). */
function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const UNSUPPORTED = 'unsupported';
type Outcome = boolean | typeof UNSUPPORTED;

/** A term ready for matching many values: lower-cased once, its synonyms, and its number (for order conditions). */
interface PreparedTerm {
  term: string;
  /** the term first, then its synonyms */
  texts: string[];
  number: number | null;
}

const prepareTerm = (term: string, texts: string[]): PreparedTerm => ({ term, texts, number: parseNumber(term) });

function matchText(text: string, term: string, condition: MatchCondition): boolean {
  switch (condition) {
    case 'begins with':
      return text.startsWith(term);
    case 'ends with':
      return text.endsWith(term);
    case 'equals':
      return text === term;
    default:
      return text.includes(term);
  }
}

function matchAnyText(text: string, texts: readonly string[], condition: MatchCondition): boolean {
  for (const term of texts) if (matchText(text, term, condition)) return true;
  return false;
}

function compareNumbers(value: number, term: number, condition: MatchCondition): boolean {
  switch (condition) {
    case 'greater':
      return value > term;
    case 'less':
      return value < term;
    case '>=':
      return value >= term;
    default:
      return value <= term;
  }
}

/**
 * One value against a prepared term. A missing value matches nothing (and is not "unsupported": it has no text to be
 * wrong about). Order conditions use the term itself only, since synonyms are words and words are not compared.
 */
function matchPrepared(value: unknown, prepared: PreparedTerm, condition: MatchCondition): Outcome {
  if (value === null || value === undefined) return false;
  if (ORDER_CONDITIONS.has(condition)) {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? parseNumber(value) : null;
    if (n === null || Number.isNaN(n) || prepared.number === null) return UNSUPPORTED;
    return compareNumbers(n, prepared.number, condition);
  }
  switch (typeof value) {
    case 'string':
      return matchAnyText(value.toLowerCase(), prepared.texts, condition);
    case 'boolean':
      // A yes/no field reads as 'true'/'false' and as 'yes'/'no', so 'elopement_risk:yes' works.
      return value
        ? matchAnyText('true', prepared.texts, condition) || matchAnyText('yes', prepared.texts, condition)
        : matchAnyText('false', prepared.texts, condition) || matchAnyText('no', prepared.texts, condition);
    case 'number':
      // A numeric field equals a term of the same number however it is written ('1.50' = 1.5); other conditions
      // work on its digits, so room 101 begins with '10'.
      if (condition === 'equals' && prepared.number !== null) return value === prepared.number;
      return matchAnyText(String(value).toLowerCase(), prepared.texts, condition);
    default:
      return UNSUPPORTED;
  }
}

const describeValue = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));

const defaultWarn = (message: string): void => console.warn(message);

/**
 * Whether `value` matches `term` under `condition`. Text conditions are case-insensitive on the trimmed term; booleans
 * read as 'true'/'false' and 'yes'/'no'. greater, less, >= and <= compare numbers (numeric strings included); when
 * either side is not a number the match is unsupported (part 2 §5): it is warned about and counts as no match.
 */
export function matches(value: unknown, term: string, condition: MatchCondition, warn: (message: string) => void = defaultWarn): boolean {
  const normalized = normalize(term);
  const outcome = matchPrepared(value, prepareTerm(normalized, [normalized]), condition);
  if (outcome !== UNSUPPORTED) return outcome;
  warn(`Unsupported search match: ${describeValue(value)} ${condition} "${normalized}" (only numbers compare); counted as no match`);
  return false;
}

/** Each synonym (lower-cased) -> every word of its group, built once per synonyms object. */
const synonymIndexes = new WeakMap<Record<string, string[]>, Map<string, string[]>>();

function synonymIndex(synonyms: Record<string, string[]>): Map<string, string[]> {
  const cached = synonymIndexes.get(synonyms);
  if (cached) return cached;
  // Groups sharing a word are merged, so equivalence is symmetric and transitive whichever way the record lists it.
  const index = new Map<string, string[]>();
  for (const [canonical, equivalents] of Object.entries(synonyms)) {
    const words = [canonical, ...equivalents].map(normalize).filter((word) => word !== '');
    const group: string[] = [];
    const add = (word: string) => {
      if (!group.includes(word)) group.push(word);
    };
    for (const word of words) {
      const existing = index.get(word);
      if (existing) existing.forEach(add);
      else add(word);
    }
    for (const word of group) index.set(word, group);
  }
  synonymIndexes.set(synonyms, index);
  return index;
}

/** The term (trimmed, lower-cased) and every equivalent of it: 'black' -> ['black', 'african american'] and back. */
export function expandSynonyms(term: string, synonyms: Record<string, string[]>): string[] {
  const normalized = normalize(term);
  const group = synonymIndex(synonyms).get(normalized);
  return group ? [normalized, ...group.filter((word) => word !== normalized)] : [normalized];
}

interface PlannedItem<T> {
  /** the keys this item searches: all for a wildcard, one for 'key:term', none for an unknown key */
  keys: SearchKey<T>[];
  prepared: PreparedTerm;
}

function planQuery<T>(model: SearchModel<T>, query: string): PlannedItem<T>[] {
  const byKey = new Map(model.keys.map((key) => [key.key.toLowerCase(), key]));
  return parseQuery(query).map(({ key, term }) => {
    const found = key === null ? undefined : byKey.get(key);
    return {
      keys: key === null ? model.keys : found ? [found] : [],
      prepared: prepareTerm(term, expandSynonyms(term, model.synonyms)),
    };
  });
}

/**
 * The items a search state shows, in order: every query item must match (a wildcard item through any key), then the
 * chosen filter applies, then the chosen sort (reversed when `state.reversed`). Ties keep the items' order, reversed or
 * not. A filter or sort name the model does not have is ignored. Unsupported matches are warned about once per key and
 * term per call, not once per item.
 */
export function applySearch<T>(
  items: readonly T[],
  model: SearchModel<T>,
  state: SearchState,
  warn: (m: string) => void = defaultWarn,
): T[] {
  const plan = planQuery(model, state.query);
  const filter = state.filter === null ? undefined : model.filters.find((f) => f.name === state.filter);
  const sort = state.sort === null ? undefined : model.sorts.find((s) => s.name === state.sort);
  const warned = new Set<string>();

  const matchItem = (item: T, planned: PlannedItem<T>): boolean => {
    for (const key of planned.keys) {
      const condition = key.match ?? DEFAULT_MATCH_CONDITION;
      const outcome = matchPrepared(key.get(item), planned.prepared, condition);
      if (outcome === true) return true;
      if (outcome === UNSUPPORTED) {
        const message = `Unsupported search match: ${key.key} ${condition} "${planned.prepared.term}" needs numbers on both sides; counted as no match`;
        if (!warned.has(message)) {
          warned.add(message);
          warn(message);
        }
      }
    }
    return false;
  };

  const shown: T[] = [];
  for (const item of items) {
    if (plan.every((planned) => matchItem(item, planned)) && (!filter || filter.test(item))) shown.push(item);
  }
  if (sort) {
    // Reversal swaps the comparison rather than the result, so equal items stay in their original order (stable).
    const compare = sort.compare;
    shown.sort(state.reversed ? (a, b) => compare(b, a) : compare);
  }
  return shown;
}

/** Clicking the active sort again reverses it (part 2 §5); clicking another sort selects it, not reversed. */
export function nextSortState(state: SearchState, clicked: string): SearchState {
  return state.sort === clicked ? { ...state, reversed: !state.reversed } : { ...state, sort: clicked, reversed: false };
}
