import type { LatLng, PlaceSuggestion } from '@vigil/contract';
import { countryName, usStateCode } from './place-names.js';

/** Address suggestions for typed text: a geocoding service (Photon, Nominatim, Google) behind one small interface. */
export interface Geocoder {
  /** 'photon', 'nominatim', 'google': the reply's source */
  readonly name: string;
  /** throws ExternalServiceError when the service fails (the caller falls back to the offline gazetteer) */
  suggest(input: string, near?: LatLng): Promise<PlaceSuggestion[]>;
}

export const GEOCODER_LIMIT = 8;
export const GEOCODER_TIMEOUT_MS = 4000;

export type GeocoderSetting = { kind: 'photon' | 'nominatim'; baseUrl: string } | { kind: 'google'; apiKey: string };

const GEOCODER_FORMS = 'photon:<base url>, nominatim:<base url> or google:<api key>';

/** VIGIL_GEOCODER: 'photon:https://photon.example', 'nominatim:https://nominatim.example', 'google:<key>'; unset: none. */
export function parseGeocoderSetting(raw: string | undefined): GeocoderSetting | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const colon = raw.indexOf(':');
  const kind = colon < 0 ? raw.trim() : raw.slice(0, colon).trim().toLowerCase();
  const rest = colon < 0 ? '' : raw.slice(colon + 1).trim();
  if (kind === 'google') {
    if (!/^[\w-]{10,200}$/.test(rest))
      throw new Error(`VIGIL_GEOCODER google:<api key> needs the key after 'google:' (letters, digits, - and _)`);
    return { kind, apiKey: rest };
  }
  if (kind === 'photon' || kind === 'nominatim') {
    let url: URL;
    try {
      url = new URL(rest);
    } catch {
      throw new Error(`VIGIL_GEOCODER ${kind}:<base url> needs an http(s) URL after '${kind}:', not "${rest}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`VIGIL_GEOCODER ${kind}: the URL must be http or https, not "${rest}"`);
    return { kind, baseUrl: url.href.replace(/\/+$/, '') };
  }
  // Only the part before ':' is repeated: the rest may be a key.
  throw new Error(`VIGIL_GEOCODER must be ${GEOCODER_FORMS}, not "${kind.slice(0, 20)}:…"`);
}

/** Address parts as the geocoders give them, before they become a suggestion. */
export interface AddressParts {
  lat: number;
  lng: number;
  /** a named place at the address (a care home, a building) */
  name?: string | undefined;
  houseNumber?: string | undefined;
  street?: string | undefined;
  city?: string | undefined;
  /** a state's name or code */
  state?: string | undefined;
  postcode?: string | undefined;
  /** ISO 3166-1 alpha-2, any case */
  countryCode?: string | undefined;
  /** the service's own one-line text, when it has one */
  description?: string | undefined;
}

/** '350 5th Avenue' in the US and most of the world's geocoder output; USPS reads it that way. */
const streetLine = (parts: AddressParts): string => (parts.street ? [parts.houseNumber, parts.street].filter(Boolean).join(' ') : '');

/**
 * One suggestion from a geocoder's parts: 'street' precision only when a house number places the point on the
 * building; a street, a town or a region alone is 'city' (staff put the marker on the building).
 */
export function suggestionFromParts(parts: AddressParts): PlaceSuggestion {
  const country = (parts.countryCode ?? '').toUpperCase();
  const address1 = streetLine(parts);
  const state = country === 'US' ? usStateCode(parts.state) || (parts.state ?? '') : (parts.state ?? '');
  const name = parts.name && parts.name !== address1 && parts.name !== parts.city ? parts.name : '';
  const description =
    parts.description ??
    [name, address1, parts.city, [state, parts.postcode].filter(Boolean).join(' '), country && countryName(country)]
      .filter(Boolean)
      .join(', ');
  return {
    description: description || `${parts.lat.toFixed(5)},${parts.lng.toFixed(5)}`,
    lat: parts.lat,
    lng: parts.lng,
    address1,
    city: parts.city ?? '',
    state,
    zip: parts.postcode ?? '',
    country,
    precision: parts.houseNumber && parts.street ? 'street' : 'city',
  };
}
