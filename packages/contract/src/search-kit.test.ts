import { describe, expect, it, vi } from 'vitest';
import {
  FACE_SYNONYMS,
  MATCH_CONDITIONS,
  applySearch,
  expandSynonyms,
  matches,
  nextSortState,
  parseQuery,
  type MatchCondition,
  type SearchModel,
  type SearchState,
} from './search-kit.js';

interface Person {
  id: number;
  first_name: string;
  last_name: string;
  role: string;
  complexion: string | null;
  elopement_risk: boolean;
  room: string | null;
  bed: number | null;
  card: string | null;
  age: number | string | null;
}

const person = (id: number, first_name: string, last_name: string, extra: Partial<Person> = {}): Person => ({
  id,
  first_name,
  last_name,
  role: 'resident',
  complexion: null,
  elopement_risk: false,
  room: null,
  bed: null,
  card: null,
  age: null,
  ...extra,
});

const people: Person[] = [
  person(1, 'Margaret', 'Hill', { complexion: 'black', room: '101', bed: 1, elopement_risk: true, age: 84 }),
  person(2, 'Walter', 'Brooks', { complexion: 'caucasian', room: '102', bed: 2, age: 79 }),
  person(3, 'Edith', 'Margolis', { role: 'employee', complexion: 'asian', card: 'B-17', age: 41 }),
  person(4, 'Harold', 'Shaw', { role: 'family', complexion: 'African American', room: '210', age: 'unknown' }),
  person(5, 'Dorothy', 'Hill', { role: 'outside_employee', complexion: 'White', card: 'B-20' }),
];

const model: SearchModel<Person> = {
  keys: [
    { key: 'first_name', get: (p) => p.first_name },
    { key: 'last_name', get: (p) => p.last_name, match: 'begins with' },
    { key: 'role', get: (p) => p.role },
    { key: 'complexion', get: (p) => p.complexion },
    { key: 'elopement_risk', get: (p) => p.elopement_risk, match: 'equals' },
    { key: 'room', get: (p) => p.room },
    { key: 'bed', get: (p) => p.bed, match: 'equals' },
  ],
  filters: [
    { name: 'People', test: () => true },
    { name: 'Badges', test: (p) => p.card !== null },
  ],
  sorts: [
    { name: 'First Name', compare: (a, b) => a.first_name.localeCompare(b.first_name) },
    { name: 'Last Name', compare: (a, b) => a.last_name.localeCompare(b.last_name) },
  ],
  synonyms: FACE_SYNONYMS,
};

/** The same model with an age key compared numerically, as a badge or report list might have. */
const agedModel = (match: MatchCondition): SearchModel<Person> => ({
  ...model,
  keys: [...model.keys, { key: 'age', get: (p) => p.age, match }],
});

const state = (overrides: Partial<SearchState> = {}): SearchState => ({
  query: '',
  filter: null,
  sort: null,
  reversed: false,
  ...overrides,
});
const ids = (found: readonly Person[]) => found.map((p) => p.id);
const search = (query: string, overrides: Partial<SearchState> = {}, warn: (m: string) => void = vi.fn()) =>
  ids(applySearch(people, model, state({ query, ...overrides }), warn));

describe('parseQuery', () => {
  it('splits on commas into key:term items and wildcards', () => {
    expect(parseQuery('margaret, role:resident')).toEqual([
      { key: null, term: 'margaret' },
      { key: 'role', term: 'resident' },
    ]);
  });

  it('trims keys and terms and lower-cases them', () => {
    expect(parseQuery('  Last_Name :  HILL  ,   Walter ')).toEqual([
      { key: 'last_name', term: 'hill' },
      { key: null, term: 'walter' },
    ]);
  });

  it('drops empty items, blank terms and half-typed "key:" items', () => {
    expect(parseQuery('')).toEqual([]);
    expect(parseQuery(' , ,, ')).toEqual([]);
    expect(parseQuery('hill,, role:  ,')).toEqual([{ key: null, term: 'hill' }]);
  });

  it('reads ":term" as a wildcard and splits only on the first colon', () => {
    expect(parseQuery(':hill')).toEqual([{ key: null, term: 'hill' }]);
    expect(parseQuery('room:10:30')).toEqual([{ key: 'room', term: '10:30' }]);
  });

  it('keeps an unknown key as it is', () => {
    expect(parseQuery('shoe_size:9')).toEqual([{ key: 'shoe_size', term: '9' }]);
  });
});

describe('matches: text conditions', () => {
  it('offers exactly the eight conditions of the search model', () => {
    expect([...MATCH_CONDITIONS]).toEqual(['begins with', 'ends with', 'includes', 'equals', 'greater', 'less', '>=', '<=']);
  });

  it('begins with', () => {
    expect(matches('Margaret', 'mar', 'begins with')).toBe(true);
    expect(matches('Margaret', 'ret', 'begins with')).toBe(false);
  });

  it('ends with', () => {
    expect(matches('Margaret', 'RET', 'ends with')).toBe(true);
    expect(matches('Margaret', 'mar', 'ends with')).toBe(false);
  });

  it('includes', () => {
    expect(matches('Margaret', 'gar', 'includes')).toBe(true);
    expect(matches('Margaret', 'gra', 'includes')).toBe(false);
  });

  it('equals (the whole value, not a part)', () => {
    expect(matches('Margaret', 'MARGARET', 'equals')).toBe(true);
    expect(matches('Margaret', 'marg', 'equals')).toBe(false);
  });

  it('is case-insensitive on both sides and trims the term', () => {
    expect(matches('HILL', '  hi ', 'begins with')).toBe(true);
    expect(matches('hill', ' HILL\t', 'equals')).toBe(true);
    expect(matches('Hill', 'hill ', 'ends with')).toBe(true);
  });

  it('matches nothing against a missing value, without warning', () => {
    const warn = vi.fn();
    for (const condition of MATCH_CONDITIONS) {
      expect(matches(null, 'x', condition, warn)).toBe(false);
      expect(matches(undefined, '1', condition, warn)).toBe(false);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads booleans as true/false and yes/no', () => {
    expect(matches(true, 'true', 'equals')).toBe(true);
    expect(matches(true, 'Yes', 'equals')).toBe(true);
    expect(matches(true, 'no', 'equals')).toBe(false);
    expect(matches(false, 'false', 'equals')).toBe(true);
    expect(matches(false, 'no', 'equals')).toBe(true);
    expect(matches(false, 'yes', 'equals')).toBe(false);
    expect(matches(true, 'y', 'begins with')).toBe(true);
    expect(matches(false, 'y', 'begins with')).toBe(false);
  });

  it('matches numbers by their digits, and equals by value', () => {
    expect(matches(101, '10', 'begins with')).toBe(true);
    expect(matches(101, '01', 'ends with')).toBe(true);
    expect(matches(101, '2', 'includes')).toBe(false);
    expect(matches(1.5, '1.50', 'equals')).toBe(true);
    expect(matches(101, '10', 'equals')).toBe(false);
  });
});

describe('matches: greater, less, >=, <=', () => {
  it('greater compares numbers', () => {
    expect(matches(10, '9', 'greater')).toBe(true);
    expect(matches(9, '9', 'greater')).toBe(false);
    expect(matches(8, '9', 'greater')).toBe(false);
  });

  it('less compares numbers', () => {
    expect(matches(8, '9', 'less')).toBe(true);
    expect(matches(9, '9', 'less')).toBe(false);
    expect(matches(10, '9', 'less')).toBe(false);
  });

  it('>= compares numbers, equal included', () => {
    expect(matches(9, '9', '>=')).toBe(true);
    expect(matches(10, ' 9 ', '>=')).toBe(true);
    expect(matches(8, '9', '>=')).toBe(false);
  });

  it('<= compares numbers, equal included', () => {
    expect(matches(9, '9', '<=')).toBe(true);
    expect(matches(-1, '0', '<=')).toBe(true);
    expect(matches(10, '9', '<=')).toBe(false);
  });

  it('compares numeric strings as numbers, not as text', () => {
    // As text '10' < '9'; as numbers it is greater.
    expect(matches('10', '9', 'greater')).toBe(true);
    expect(matches('10', '9', 'less')).toBe(false);
    expect(matches('2.5', '2.50', '>=')).toBe(true);
    expect(matches('2.5', '2.50', '<=')).toBe(true);
  });

  it.each(['greater', 'less', '>=', '<='] as const)('%s on strings is unsupported: warns and counts as no match', (condition) => {
    const warn = vi.fn();
    expect(matches('Hill', 'Brooks', condition, warn)).toBe(false);
    expect(matches(12, 'twelve', condition, warn)).toBe(false);
    expect(matches('12A', '10', condition, warn)).toBe(false);
    expect(matches(true, '1', condition, warn)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0]![0]).toMatch(/unsupported/i);
    expect(warn.mock.calls[0]![0]).toContain(condition);
  });

  it('does not take blank text for zero', () => {
    const warn = vi.fn();
    expect(matches('', '0', '>=', warn)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('warns on the console when no warn is given', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(matches('a', 'b', 'greater')).toBe(false);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('expandSynonyms', () => {
  it('gives the term and its equivalents, from the canonical word', () => {
    expect(expandSynonyms('black', FACE_SYNONYMS)).toEqual(['black', 'african american']);
    expect(expandSynonyms('caucasian', FACE_SYNONYMS)).toEqual(['caucasian', 'white']);
    expect(expandSynonyms('employee', FACE_SYNONYMS)).toEqual(['employee', 'staff']);
  });

  it('is symmetric: an equivalent gives the canonical word', () => {
    expect(expandSynonyms('african american', FACE_SYNONYMS)).toEqual(['african american', 'black']);
    expect(expandSynonyms('white', FACE_SYNONYMS)).toEqual(['white', 'caucasian']);
    expect(expandSynonyms('staff', FACE_SYNONYMS)).toEqual(['staff', 'employee']);
  });

  it('trims and lower-cases the term; a word without synonyms is just itself', () => {
    expect(expandSynonyms('  Staff ', FACE_SYNONYMS)).toEqual(['staff', 'employee']);
    expect(expandSynonyms('nurse', FACE_SYNONYMS)).toEqual(['nurse']);
    // Only whole terms expand: a part of a synonym is not one.
    expect(expandSynonyms('african', FACE_SYNONYMS)).toEqual(['african']);
  });

  it('merges groups that share a word', () => {
    const synonyms = { car: ['automobile'], auto: ['automobile', 'motorcar'] };
    expect(expandSynonyms('car', synonyms).sort()).toEqual(['auto', 'automobile', 'car', 'motorcar']);
    expect(expandSynonyms('motorcar', synonyms)[0]).toBe('motorcar');
    expect(expandSynonyms('motorcar', synonyms).sort()).toEqual(['auto', 'automobile', 'car', 'motorcar']);
  });
});

describe('applySearch: query', () => {
  it('shows every item, in order, for an empty query', () => {
    expect(search('')).toEqual([1, 2, 3, 4, 5]);
    expect(search('  ,  ')).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches a wildcard term through any key', () => {
    expect(search('marg')).toEqual([1, 3]); // first name Margaret, last name Margolis
    expect(search('102')).toEqual([2]); // room
  });

  it('matches key:term through that key only', () => {
    expect(search('first_name:marg')).toEqual([1]);
    expect(search('last_name:marg')).toEqual([3]);
    expect(search('room:10')).toEqual([1, 2, 4]); // 101, 102 and 210 all include '10'
  });

  it("uses each key's condition", () => {
    // last_name is 'begins with': 'ill' is inside Hill but does not begin it.
    expect(search('last_name:ill')).toEqual([]);
    expect(search('last_name:hi')).toEqual([1, 5]);
    // bed is 'equals' on a number, elopement_risk 'equals' on a yes/no.
    expect(search('bed:1')).toEqual([1]);
    expect(search('elopement_risk:yes')).toEqual([1]);
    expect(search('elopement_risk:false')).toEqual([2, 3, 4, 5]);
  });

  it('trims the query and its terms and ignores case', () => {
    expect(search('   FIRST_NAME :  Walter   ')).toEqual([2]);
  });

  it('requires every comma item to match (AND)', () => {
    expect(search('hill')).toEqual([1, 5]);
    expect(search('hill, role:resident')).toEqual([1]);
    expect(search('hill, role:resident, room:102')).toEqual([]);
  });

  it('matches nothing for an unknown key, even alongside items that match', () => {
    const warn = vi.fn();
    // 'hill' alone finds two people; under a key the model lacks it finds none.
    expect(search('shoe_size:hill', {}, warn)).toEqual([]);
    expect(search('hill, shoe_size:hill', {}, warn)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows nothing when nothing matches', () => {
    expect(search('zebra')).toEqual([]);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [...people];
    const result = applySearch(input, model, state({ sort: 'Last Name', reversed: true }));
    expect(result).not.toBe(input);
    expect(ids(input)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('applySearch: synonyms', () => {
  it("'african american' finds a stored 'black', and 'black' finds a stored 'African American'", () => {
    expect(search('african american')).toEqual([1, 4]);
    expect(search('black')).toEqual([1, 4]);
    expect(search('complexion:African American')).toEqual([1, 4]);
  });

  it("'white' finds a stored 'caucasian', and 'caucasian' finds a stored 'White'", () => {
    expect(search('white')).toEqual([2, 5]);
    expect(search('caucasian')).toEqual([2, 5]);
  });

  it("'staff' finds the role 'employee', and 'employee' finds it too", () => {
    expect(search('role:staff')).toEqual([3, 5]); // employee, outside_employee
    expect(search('role:employee')).toEqual([3, 5]);
    expect(search('role:resident')).toEqual([1, 2]);
  });

  it('applies synonyms with exact conditions as well', () => {
    const exact: SearchModel<Person> = { ...model, keys: [{ key: 'role', get: (p) => p.role, match: 'equals' }] };
    expect(ids(applySearch(people, exact, state({ query: 'staff' })))).toEqual([3]);
    expect(ids(applySearch(people, { ...exact, synonyms: {} }, state({ query: 'staff' })))).toEqual([]);
  });
});

describe('applySearch: unsupported matches', () => {
  it('compares numbers through a numeric key', () => {
    expect(ids(applySearch(people, agedModel('>='), state({ query: 'age:80' }), vi.fn()))).toEqual([1]);
    expect(ids(applySearch(people, agedModel('less'), state({ query: 'age:80' }), vi.fn()))).toEqual([2, 3]);
  });

  it('warns about a text term on a numeric key and counts it as no match', () => {
    const warn = vi.fn();
    expect(ids(applySearch(people, agedModel('greater'), state({ query: 'age:old' }), warn))).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1); // once per key and term, not once per person
    expect(warn.mock.calls[0]![0]).toMatch(/unsupported.*age.*greater.*"old"/i);
  });

  it('warns about a text value under a number comparison, and still shows the others', () => {
    const warn = vi.fn();
    // Harold's age is 'unknown'; Dorothy has none (no value is no match, not unsupported).
    expect(ids(applySearch(people, agedModel('<='), state({ query: 'age:100' }), warn))).toEqual([1, 2, 3]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('lets a wildcard match through another key when one key is unsupported', () => {
    const warn = vi.fn();
    expect(ids(applySearch(people, agedModel('greater'), state({ query: 'walter' }), warn))).toEqual([2]);
    expect(warn).toHaveBeenCalled();
  });
});

describe('applySearch: filters', () => {
  it('applies the chosen filter after the query', () => {
    expect(search('', { filter: 'Badges' })).toEqual([3, 5]);
    expect(search('hill', { filter: 'Badges' })).toEqual([5]);
    expect(search('', { filter: 'People' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores a filter name the model does not have', () => {
    expect(search('', { filter: 'Nope' })).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('applySearch: sorts', () => {
  it('sorts by the chosen sort', () => {
    expect(search('', { sort: 'First Name' })).toEqual([5, 3, 4, 1, 2]);
    expect(search('', { sort: 'Last Name' })).toEqual([2, 1, 5, 3, 4]);
  });

  it('reverses the sort when reversed', () => {
    expect(search('', { sort: 'First Name', reversed: true })).toEqual([2, 1, 4, 3, 5]);
  });

  it('keeps the original order of equal items, reversed or not (stable)', () => {
    // Margaret Hill (1) and Dorothy Hill (5) tie on Last Name: 1 stays before 5 both ways.
    expect(search('', { sort: 'Last Name' })).toEqual([2, 1, 5, 3, 4]);
    expect(search('', { sort: 'Last Name', reversed: true })).toEqual([4, 3, 1, 5, 2]);
    const many = Array.from({ length: 50 }, (_, i) => person(i, 'Same', i % 2 ? 'B' : 'A'));
    const sorted = applySearch(many, model, state({ sort: 'Last Name' }));
    expect(sorted.slice(0, 25).map((p) => p.id)).toEqual(many.filter((p) => p.last_name === 'A').map((p) => p.id));
    expect(sorted.slice(25).map((p) => p.id)).toEqual(many.filter((p) => p.last_name === 'B').map((p) => p.id));
  });

  it('keeps the items in order with no sort, or a sort name the model does not have', () => {
    expect(search('', { sort: null, reversed: true })).toEqual([1, 2, 3, 4, 5]);
    expect(search('', { sort: 'Nope' })).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('nextSortState', () => {
  const base = state({ query: 'hill', filter: 'Badges', sort: 'Last Name', reversed: false });

  it('reverses the active sort when it is clicked again, and back', () => {
    const once = nextSortState(base, 'Last Name');
    expect(once).toEqual({ ...base, reversed: true });
    expect(nextSortState(once, 'Last Name')).toEqual(base);
  });

  it('selects another sort un-reversed', () => {
    expect(nextSortState({ ...base, reversed: true }, 'First Name')).toEqual({ ...base, sort: 'First Name', reversed: false });
    expect(nextSortState(state({ sort: null }), 'First Name')).toMatchObject({ sort: 'First Name', reversed: false });
  });

  it('keeps the query and filter, and does not change the state it is given', () => {
    const next = nextSortState(base, 'Last Name');
    expect(next).toMatchObject({ query: 'hill', filter: 'Badges' });
    expect(base.reversed).toBe(false);
  });

  it('drives applySearch: a second click on the same sort reverses the list', () => {
    const first = nextSortState(state(), 'First Name');
    const second = nextSortState(first, 'First Name');
    expect(ids(applySearch(people, model, first))).toEqual([5, 3, 4, 1, 2]);
    expect(ids(applySearch(people, model, second))).toEqual([2, 1, 4, 3, 5]);
  });
});
