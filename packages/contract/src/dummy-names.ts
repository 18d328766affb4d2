/**
 * The "dummy face names" feature flag (spec part 1 §3): for demonstrations and screenshots the browser shows a made-up
 * name of each person's gender instead of the real one. The name is derived from the person's id alone, so the same
 * person gets the same name on every page, reload and browser, and nothing needs storing.
 */

export const DUMMY_MALE_FIRST_NAMES = [
  'James',
  'John',
  'Robert',
  'Michael',
  'William',
  'David',
  'Richard',
  'Joseph',
  'Thomas',
  'Charles',
  'Christopher',
  'Daniel',
  'Matthew',
  'Anthony',
  'Mark',
  'Donald',
  'Steven',
  'Paul',
  'Andrew',
  'Joshua',
  'Kenneth',
  'Kevin',
  'Brian',
  'George',
  'Timothy',
  'Ronald',
  'Edward',
  'Jason',
  'Jeffrey',
  'Ryan',
  'Jacob',
  'Gary',
  'Nicholas',
  'Eric',
  'Jonathan',
  'Stephen',
  'Larry',
  'Justin',
  'Scott',
  'Brandon',
  'Benjamin',
  'Samuel',
  'Gregory',
  'Alexander',
  'Patrick',
  'Frank',
  'Raymond',
  'Jack',
  'Dennis',
  'Henry',
] as const;

export const DUMMY_FEMALE_FIRST_NAMES = [
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Lisa',
  'Nancy',
  'Betty',
  'Margaret',
  'Sandra',
  'Ashley',
  'Kimberly',
  'Emily',
  'Donna',
  'Michelle',
  'Carol',
  'Amanda',
  'Dorothy',
  'Melissa',
  'Deborah',
  'Stephanie',
  'Rebecca',
  'Sharon',
  'Laura',
  'Cynthia',
  'Kathleen',
  'Amy',
  'Angela',
  'Shirley',
  'Anna',
  'Brenda',
  'Pamela',
  'Emma',
  'Nicole',
  'Helen',
  'Samantha',
  'Katherine',
  'Christine',
  'Debra',
  'Rachel',
  'Carolyn',
  'Janet',
  'Catherine',
  'Maria',
  'Heather',
] as const;

/** For 'other' or an unknown gender: names not read as either. */
export const DUMMY_NEUTRAL_FIRST_NAMES = [
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Rowan',
  'Skyler',
  'Cameron',
  'Dakota',
  'Emerson',
  'Finley',
  'Hayden',
  'Jessie',
  'Kendall',
  'Logan',
  'Peyton',
  'Reese',
  'Sage',
  'Sawyer',
  'Charlie',
  'Robin',
  'Drew',
  'Blake',
  'Ellis',
  'Harper',
  'Marlowe',
] as const;

/**
 * Common surnames. None is also a first name above (no "Thomas Thomas"), and none is a word the faces search treats
 * as a synonym (white, black, staff…), so a made-up name never turns up in a search for a race or role.
 */
export const DUMMY_LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Watson',
  'Brooks',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'Wood',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Price',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Gray',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Bennett',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
] as const;

export interface DummyName {
  first_name: string;
  last_name: string;
  person_name: string;
}

/**
 * 32-bit FNV-1a over the UTF-16 code units, then a final avalanche (murmur3's fmix32): ids that differ only in their
 * last characters, as sequential UUIDs do, still spread over the whole range rather than neighbouring names.
 */
export function nameHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function firstNamesFor(gender: 'male' | 'female' | 'other' | null | undefined): readonly string[] {
  if (gender === 'male') return DUMMY_MALE_FIRST_NAMES;
  if (gender === 'female') return DUMMY_FEMALE_FIRST_NAMES;
  return DUMMY_NEUTRAL_FIRST_NAMES;
}

/** The made-up name shown for a person: of their gender, the same every time for the same id. */
export function dummyName(personId: string, gender: 'male' | 'female' | 'other' | null | undefined): DummyName {
  const firstNames = firstNamesFor(gender);
  const hash = nameHash(personId);
  // The low part of the hash picks the first name, the rest the surname, so the two vary independently.
  const first_name = firstNames[hash % firstNames.length]!;
  const last_name = DUMMY_LAST_NAMES[Math.floor(hash / firstNames.length) % DUMMY_LAST_NAMES.length]!;
  return { first_name, last_name, person_name: `${first_name} ${last_name}` };
}
