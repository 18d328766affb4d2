import type { LatLng, PlaceSuggestion } from '@vigil/contract';
import { countryName, normalizePlaceName, US_STATES } from './place-names.js';

/** One town of the offline gazetteer. */
export interface GazetteerPlace {
  name: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** the first-level division: the USPS state code in the US, GeoNames' admin1 code elsewhere */
  admin: string;
  population: number;
  lat: number;
  lng: number;
}

export const GAZETTEER_LIMIT = 8;

/** Other names people type for a country. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  us: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'great britain': 'GB',
};

const EARTH_RADIUS_KM = 6371;
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 'Springfield, IL, United States' in the US (the state is what tells the Springfields apart), 'Sydney, Australia' elsewhere. */
export function describePlace(place: GazetteerPlace): string {
  return place.country === 'US' && place.admin
    ? `${place.name}, ${place.admin}, ${countryName('US')}`
    : `${place.name}, ${countryName(place.country)}`;
}

export function presentGazetteerPlace(place: GazetteerPlace): PlaceSuggestion {
  return {
    description: describePlace(place),
    lat: place.lat,
    lng: place.lng,
    address1: '',
    city: place.name,
    state: place.country === 'US' ? place.admin : '',
    zip: '',
    country: place.country,
    precision: 'city',
  };
}

/** Does 'IL', 'Illinois', 'ill', 'AU', 'Australia', 'usa' describe where the place is? */
function qualifierMatches(qualifier: string, place: GazetteerPlace): boolean {
  const code = qualifier.toUpperCase();
  if (code === place.country || COUNTRY_ALIASES[qualifier] === place.country) return true;
  if (normalizePlaceName(countryName(place.country)).startsWith(qualifier)) return true;
  if (place.country !== 'US') return false;
  const state = US_STATES[place.admin];
  return code === place.admin || (qualifier.length >= 3 && state !== undefined && normalizePlaceName(state).startsWith(qualifier));
}

/** Bigger towns first; with a point to favour, nearer ones (100 km costs a big town's head start over a village's tenth). */
function score(place: GazetteerPlace, exact: boolean, near: LatLng | undefined): number {
  const size = Math.log(place.population + 1) + (exact ? 2 : 0);
  return near ? size - 2 * Math.log(1 + distanceKm(near, place) / 100) : size;
}

export interface Gazetteer {
  readonly size: number;
  /** at most 8 towns whose name starts with the text before the first comma, in the places named after it */
  search(input: string, near?: LatLng): PlaceSuggestion[];
}

/** Strings packed end to end in one string, the i-th between offsets[i] and offsets[i + 1]: 135k names in two objects. */
class PackedStrings {
  private readonly text: string;
  private readonly offsets: Uint32Array;
  constructor(strings: readonly string[]) {
    this.text = strings.join('');
    this.offsets = new Uint32Array(strings.length + 1);
    strings.forEach((string, i) => (this.offsets[i + 1] = (this.offsets[i] as number) + string.length));
  }
  get length(): number {
    return this.offsets.length - 1;
  }
  at(i: number): string {
    return this.text.slice(this.offsets[i], this.offsets[i + 1]);
  }
  lengthAt(i: number): number {
    return (this.offsets[i + 1] as number) - (this.offsets[i] as number);
  }
}

/** The towns, a column per field (objects per town would take five times the memory). */
class PlaceTable {
  private readonly names: PackedStrings;
  private readonly countries: string[];
  private readonly admins: string[];
  private readonly populations: Uint32Array;
  private readonly coordinates: Float64Array;
  constructor(places: readonly GazetteerPlace[]) {
    const interned = new Map<string, string>();
    const intern = (code: string) => interned.get(code) ?? (interned.set(code, code), code);
    this.names = new PackedStrings(places.map((place) => place.name));
    this.countries = places.map((place) => intern(place.country));
    this.admins = places.map((place) => intern(place.admin));
    this.populations = Uint32Array.from(places, (place) => place.population);
    this.coordinates = new Float64Array(places.length * 2);
    places.forEach((place, i) => this.coordinates.set([place.lat, place.lng], i * 2));
  }
  get size(): number {
    return this.names.length;
  }
  place(i: number): GazetteerPlace {
    return {
      name: this.names.at(i),
      country: this.countries[i] as string,
      admin: this.admins[i] as string,
      population: this.populations[i] as number,
      lat: this.coordinates[i * 2] as number,
      lng: this.coordinates[i * 2 + 1] as number,
    };
  }
}

/** Keeps the `capacity` best-scored places seen (a query's range can hold thousands of towns; 8 are shown). */
function topScored(capacity: number) {
  const kept: { place: number; score: number }[] = [];
  return {
    offer(place: number, score: number) {
      if (kept.length === capacity && score <= (kept[capacity - 1] as { score: number }).score) return;
      const at = kept.findIndex((entry) => entry.score < score);
      kept.splice(at < 0 ? kept.length : at, 0, { place, score });
      if (kept.length > capacity) kept.pop();
    },
    places: () => kept.map((entry) => entry.place),
  };
}

/**
 * A name-prefix index over the places: every normalised name sorted once, so a query is two
 * binary searches and a ranking of the towns in between.
 */
export function buildGazetteer(places: readonly GazetteerPlace[]): Gazetteer {
  const names = places.map((place) => normalizePlaceName(place.name));
  const order = Array.from(names.keys()).sort((a, b) => ((names[a] as string) < (names[b] as string) ? -1 : names[a] === names[b] ? 0 : 1));
  const keys = new PackedStrings(order.map((index) => names[index] as string));
  const owners = Int32Array.from(order);
  const table = new PlaceTable(places);

  const lowerBound = (text: string): number => {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys.at(mid) < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  return {
    size: table.size,
    search(input, near) {
      const [cityPart = '', ...qualifierParts] = input.split(',');
      const prefix = normalizePlaceName(cityPart);
      const qualifiers = qualifierParts.map(normalizePlaceName).filter(Boolean);
      if (!prefix) return [];
      // A few more than shown: GeoNames has some towns twice (a town and its municipality), shown once.
      const best = topScored(GAZETTEER_LIMIT * 3);
      for (let i = lowerBound(prefix), end = lowerBound(`${prefix}\uffff`); i < end; i++) {
        const place = table.place(owners[i] as number);
        if (!qualifiers.every((qualifier) => qualifierMatches(qualifier, place))) continue;
        best.offer(owners[i] as number, score(place, keys.lengthAt(i) === prefix.length, near));
      }
      const suggestions = new Map<string, PlaceSuggestion>();
      for (const index of best.places()) {
        const suggestion = presentGazetteerPlace(table.place(index));
        if (!suggestions.has(suggestion.description)) suggestions.set(suggestion.description, suggestion);
      }
      return [...suggestions.values()].slice(0, GAZETTEER_LIMIT);
    },
  };
}
