import { applySearch, type BadgeIdentity, type SearchModel, type SearchState } from '@vigil/contract';

export const BADGE_FILTERS = ['All Badges', 'Trained', 'Untrained'] as const;
export const BADGE_SORTS = ['Seen', 'Match Ratio', 'Taps'] as const;
/** The search keys (part 2 §2); the same names prefill the search from the query string (/credential?unit=12B). */
export const BADGE_SEARCH_KEYS = ['name', 'unit', 'role'] as const;

const byName = (a: BadgeIdentity, b: BadgeIdentity): number => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Seen: the most recent tap first; identities never seen come last, by name. */
export function compareSeen(a: BadgeIdentity, b: BadgeIdentity): number {
  const seenA = a.lastSeenUnixTimestamp;
  const seenB = b.lastSeenUnixTimestamp;
  if (seenA !== seenB) {
    if (seenA === null) return 1;
    if (seenB === null) return -1;
    return seenB - seenA;
  }
  return byName(a, b);
}

/** Whether any tap had a face at the door: without one the ratio says nothing. */
const hasVerifiableTaps = (i: BadgeIdentity): boolean => i.total - i.nullMatched > 0;

/**
 * Match Ratio: this is the mismatch list, so the lowest ratio (the most taps by someone else) comes first; identities
 * with no tap to judge come last. Ties: more taps first, then name.
 */
export function compareMatchRatio(a: BadgeIdentity, b: BadgeIdentity): number {
  const judgedA = hasVerifiableTaps(a);
  const judgedB = hasVerifiableTaps(b);
  if (judgedA !== judgedB) return judgedA ? -1 : 1;
  return a.matchRatio - b.matchRatio || b.total - a.total || byName(a, b);
}

/** Taps: the most used badge first. */
export function compareTaps(a: BadgeIdentity, b: BadgeIdentity): number {
  return b.total - a.total || byName(a, b);
}

/** The badge list's search (part 2 §2): keys name, unit and role; All Badges, Trained, Untrained; Seen, Match Ratio, Taps. */
export const BADGE_SEARCH_MODEL: SearchModel<BadgeIdentity> = {
  keys: [
    { key: 'name', get: (i) => i.name },
    { key: 'unit', get: (i) => i.unit },
    // 'begins with', so 'tor' does not find visitors.
    { key: 'role', get: (i) => i.role, match: 'begins with' },
  ],
  filters: [
    { name: 'All Badges', test: () => true },
    { name: 'Trained', test: (i) => i.wellTrained },
    { name: 'Untrained', test: (i) => !i.wellTrained },
  ],
  sorts: [
    { name: 'Seen', compare: compareSeen },
    { name: 'Match Ratio', compare: compareMatchRatio },
    { name: 'Taps', compare: compareTaps },
  ],
  // The roles as people say them: 'role:tenant of record' finds the tors.
  synonyms: { tor: ['tenant of record'], cotenant: ['co-tenant'] },
};

export const INITIAL_BADGE_SEARCH: SearchState = { query: '', filter: 'All Badges', sort: 'Seen', reversed: false };

/** The identities the list shows, in order. Unsupported matches are warned about (part 2 §5) and count as no match. */
export function searchBadges(identities: readonly BadgeIdentity[], state: SearchState): BadgeIdentity[] {
  return applySearch(identities, BADGE_SEARCH_MODEL, state, (message: string) => console.warn(message));
}

/**
 * The search a link opens with: each search key in the query string becomes a 'key:term' item (/credential?unit=12B
 * searches 'unit:12B'). Commas would split the term into items, so they become spaces.
 */
export function searchFromQueryString(params: URLSearchParams): SearchState {
  const items: string[] = [];
  for (const key of BADGE_SEARCH_KEYS) {
    const term = params.get(key)?.replace(/,/g, ' ').trim();
    if (term) items.push(`${key}:${term}`);
  }
  return { ...INITIAL_BADGE_SEARCH, query: items.join(', ') };
}

export type IdentityStep = 'previous' | 'next';

/**
 * Keys J and K (part 2 §2): the identity before or after the selected one in the list as shown; at either end it stays.
 * With none selected (or one the list no longer shows) both go to the first. Null when the list is empty.
 */
export function stepIdentity(ids: readonly string[], currentId: string | null, step: IdentityStep): string | null {
  if (ids.length === 0) return null;
  const index = currentId === null ? -1 : ids.indexOf(currentId);
  if (index < 0) return ids[0]!;
  const next = step === 'next' ? Math.min(ids.length - 1, index + 1) : Math.max(0, index - 1);
  return ids[next]!;
}
