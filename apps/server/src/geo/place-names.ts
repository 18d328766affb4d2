/** Names the gazetteer and the geocoders share: normalised text, US states, country names. */

/** Lower case, accents and punctuation gone, 'st'/'ste' as 'saint'/'sainte': 'St. Louis' and 'saint louis' meet. */
export function normalizePlaceName(text: string): string {
  // Most names are plain ASCII: the cheaper path (the gazetteer normalises 130k names on first use).
  const ascii = /^[\x20-\x7e]*$/.test(text);
  const words = ascii
    ? text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')
    : text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return words.replace(/\b(st|ste)\b(?= )/g, (word) => (word === 'st' ? 'saint' : 'sainte')).trim();
}

export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [normalizePlaceName(name), code]));

/** The USPS code of a US state from its code or name ('New York' -> 'NY'); '' when it is neither. */
export function usStateCode(stateOrCode: string | undefined): string {
  if (!stateOrCode) return '';
  const upper = stateOrCode.trim().toUpperCase();
  if (US_STATES[upper]) return upper;
  return STATE_BY_NAME.get(normalizePlaceName(stateOrCode)) ?? '';
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'AU' -> 'Australia'; the code itself when Intl does not know it. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
