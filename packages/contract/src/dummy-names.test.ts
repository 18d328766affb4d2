import { describe, expect, it } from 'vitest';
import {
  DUMMY_FEMALE_FIRST_NAMES,
  DUMMY_LAST_NAMES,
  DUMMY_MALE_FIRST_NAMES,
  DUMMY_NEUTRAL_FIRST_NAMES,
  dummyName,
  nameHash,
} from './dummy-names.js';
import { FACE_SYNONYMS } from './search-kit.js';

/** Sequential UUIDs, as a registry might hand out: they differ only in their last characters. */
const ids = Array.from({ length: 200 }, (_, i) => `c1a00001-0000-4000-8000-${i.toString(16).padStart(12, '0')}`);

const male: readonly string[] = DUMMY_MALE_FIRST_NAMES;
const female: readonly string[] = DUMMY_FEMALE_FIRST_NAMES;
const neutral: readonly string[] = DUMMY_NEUTRAL_FIRST_NAMES;
const surnames: readonly string[] = DUMMY_LAST_NAMES;

describe('name lists', () => {
  it('have at least 40 male, 40 female and 60 last names, and a gender-neutral list', () => {
    expect(male.length).toBeGreaterThanOrEqual(40);
    expect(female.length).toBeGreaterThanOrEqual(40);
    expect(surnames.length).toBeGreaterThanOrEqual(60);
    expect(neutral).toEqual(expect.arrayContaining(['Alex', 'Jordan', 'Taylor']));
  });

  it('hold no duplicates, and no first name is in two lists or is also a surname', () => {
    const all = [...male, ...female, ...neutral, ...surnames];
    expect(new Set(all).size).toBe(all.length);
  });

  it('hold no word the faces search treats as a synonym', () => {
    const words = Object.entries(FACE_SYNONYMS).flatMap(([canonical, equivalents]) => [canonical, ...equivalents]);
    for (const name of [...male, ...female, ...neutral, ...surnames])
      for (const word of words) expect(name.toLowerCase().includes(word), `${name} contains ${word}`).toBe(false);
  });
});

describe('dummyName', () => {
  it('is stable: the same id gets the same name on every call', () => {
    for (const id of ids.slice(0, 20)) expect(dummyName(id, 'female')).toEqual(dummyName(id, 'female'));
  });

  it('is deterministic across runs and releases: pinned outputs of the hash', () => {
    // A changed hash or list would rename everyone in screenshots and demonstrations; pin a few outputs to notice.
    expect(nameHash('abc')).toBe(482950588);
    expect(nameHash('')).toBe(2872998923);
    const id = 'c1a00001-0000-4000-8000-000000000001';
    expect(dummyName(id, 'male')).toEqual({ first_name: 'Steven', last_name: 'Brooks', person_name: 'Steven Brooks' });
    expect(dummyName(id, 'female')).toEqual({ first_name: 'Kimberly', last_name: 'Brooks', person_name: 'Kimberly Brooks' });
    expect(dummyName(id, null)).toEqual({ first_name: 'Jessie', last_name: 'Smith', person_name: 'Jessie Smith' });
  });

  it('gives different people different names: most of 200 sequential ids are distinct', () => {
    for (const gender of ['male', 'female', 'other'] as const) {
      const names = new Set(ids.map((id) => dummyName(id, gender).person_name));
      expect(names.size, gender).toBeGreaterThanOrEqual(180);
    }
  });

  it('spreads over the lists rather than a few names', () => {
    const firsts = new Set(ids.map((id) => dummyName(id, 'female').first_name));
    const lasts = new Set(ids.map((id) => dummyName(id, 'female').last_name));
    expect(firsts.size).toBeGreaterThanOrEqual(female.length * 0.8);
    expect(lasts.size).toBeGreaterThanOrEqual(surnames.length * 0.8);
  });

  it("respects the person's gender", () => {
    for (const id of ids) {
      expect(male).toContain(dummyName(id, 'male').first_name);
      expect(female).toContain(dummyName(id, 'female').first_name);
      expect(neutral).toContain(dummyName(id, 'other').first_name);
    }
  });

  it('uses gender-neutral names for other, null and unknown gender, the same for each', () => {
    for (const id of ids.slice(0, 50)) {
      const other = dummyName(id, 'other');
      expect(neutral).toContain(other.first_name);
      expect(dummyName(id, null)).toEqual(other);
      expect(dummyName(id, undefined)).toEqual(other);
    }
  });

  it('takes the surname from the surname list', () => {
    for (const id of ids) expect(surnames).toContain(dummyName(id, 'male').last_name);
  });

  it('makes person_name from the first and last name', () => {
    for (const id of ids.slice(0, 50)) {
      const name = dummyName(id, 'male');
      expect(name.person_name).toBe(`${name.first_name} ${name.last_name}`);
    }
  });

  it('does not depend on Math.random', () => {
    const before = dummyName(ids[7]!, 'female');
    const random = Math.random;
    Math.random = () => 0.999;
    try {
      expect(dummyName(ids[7]!, 'female')).toEqual(before);
    } finally {
      Math.random = random;
    }
  });
});
