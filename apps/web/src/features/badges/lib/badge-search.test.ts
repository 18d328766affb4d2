import { describe, expect, it, vi } from 'vitest';
import { INITIAL_BADGE_SEARCH, searchBadges, searchFromQueryString, stepIdentity } from './badge-search';
import { JOHN, MARY, adaFixture, identityFixture } from './badge.fixture';

const ada = adaFixture(null);
// No tap had a face at the door: its ratio of 0 says nothing.
const newcomer = identityFixture('4', {
  name: 'NEW PERSON',
  unit: '7C',
  role: 'visitor',
  matchRatio: 0,
  total: 2,
  nullMatched: 2,
  lastSeenUnixTimestamp: 400,
});
const everyone = [MARY, JOHN, ada, newcomer];
const names = (state = INITIAL_BADGE_SEARCH) => searchBadges(everyone, state).map((i) => i.name);

describe('the badge list search', () => {
  it('sorts by Seen (latest tap first, never seen last), Match Ratio (lowest first, nothing to judge last) and Taps', () => {
    expect(names()).toEqual(['JOHN HILL', 'NEW PERSON', 'MARY HILL', 'ADA KING']);
    expect(names({ ...INITIAL_BADGE_SEARCH, sort: 'Match Ratio' })).toEqual(['JOHN HILL', 'ADA KING', 'MARY HILL', 'NEW PERSON']);
    expect(names({ ...INITIAL_BADGE_SEARCH, sort: 'Taps' })).toEqual(['JOHN HILL', 'MARY HILL', 'ADA KING', 'NEW PERSON']);
    expect(names({ ...INITIAL_BADGE_SEARCH, sort: 'Taps', reversed: true })).toEqual(['NEW PERSON', 'ADA KING', 'MARY HILL', 'JOHN HILL']);
  });

  it('filters All Badges, Trained and Untrained by wellTrained', () => {
    expect(names({ ...INITIAL_BADGE_SEARCH, filter: 'Trained' })).toEqual(['NEW PERSON', 'MARY HILL', 'ADA KING']);
    expect(names({ ...INITIAL_BADGE_SEARCH, filter: 'Untrained' })).toEqual(['JOHN HILL']);
  });

  it('searches name, unit and role, by key or any of them, with role synonyms', () => {
    expect(names({ ...INITIAL_BADGE_SEARCH, query: 'hill' })).toEqual(['JOHN HILL', 'MARY HILL']);
    expect(names({ ...INITIAL_BADGE_SEARCH, query: 'unit:3a' })).toEqual(['ADA KING']);
    expect(names({ ...INITIAL_BADGE_SEARCH, query: 'unit:12b, role:tor' })).toEqual(['MARY HILL']);
    expect(names({ ...INITIAL_BADGE_SEARCH, query: 'role:tenant of record' })).toEqual(['MARY HILL']);
    expect(names({ ...INITIAL_BADGE_SEARCH, query: 'name:12b' })).toEqual([]);
  });

  it('warns about an unsupported match and counts it as none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(names({ ...INITIAL_BADGE_SEARCH, query: 'nobody' })).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('the search a link opens with', () => {
  it('turns the search keys of the query string into key:term items', () => {
    expect(searchFromQueryString(new URLSearchParams('unit=12B')).query).toBe('unit:12B');
    expect(searchFromQueryString(new URLSearchParams('name=Mary%2C Hill&role=tor&other=x')).query).toBe('name:Mary  Hill, role:tor');
    expect(searchFromQueryString(new URLSearchParams(''))).toEqual(INITIAL_BADGE_SEARCH);
  });
});

describe('J and K', () => {
  const ids = ['a', 'b', 'c'];
  it('move to the previous and next identity and stop at the ends', () => {
    expect(stepIdentity(ids, 'b', 'previous')).toBe('a');
    expect(stepIdentity(ids, 'b', 'next')).toBe('c');
    expect(stepIdentity(ids, 'a', 'previous')).toBe('a');
    expect(stepIdentity(ids, 'c', 'next')).toBe('c');
  });

  it('start at the first with none selected or one no longer listed; nothing on an empty list', () => {
    expect(stepIdentity(ids, null, 'next')).toBe('a');
    expect(stepIdentity(ids, 'gone', 'previous')).toBe('a');
    expect(stepIdentity([], null, 'next')).toBeNull();
  });
});
