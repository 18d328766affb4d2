import type { LatLng, PlaceSuggestion } from '@vigil/contract';
import { z } from 'zod';
import { GEOCODER_LIMIT, GEOCODER_TIMEOUT_MS, suggestionFromParts, type Geocoder, type GeocoderSetting } from './geocoder.js';
import { ExternalServiceError, fetchJson } from './http-json.js';

export interface GeocoderClientOptions {
  /** who is asking (Nominatim's usage policy asks for an identifying User-Agent) */
  userAgent: string;
  timeoutMs?: number;
  /** Google's API base, for tests */
  googleBaseUrl?: string;
}

function replyOf<T>(service: string, schema: z.ZodType<T>, status: number, body: unknown): T {
  if (status !== 200) throw new ExternalServiceError(`${service} answered HTTP ${status}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ExternalServiceError(`${service} sent a reply of an unexpected shape`);
  return parsed.data;
}

const optionalText = z.string().optional();

// ---------------------------------------------------------------- Photon (komoot; OpenStreetMap data; made for type-ahead)

const photonReplySchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.object({
        name: optionalText,
        housenumber: optionalText,
        street: optionalText,
        postcode: optionalText,
        city: optionalText,
        district: optionalText,
        state: optionalText,
        countrycode: optionalText,
        type: optionalText,
      }),
    }),
  ),
});
export type PhotonReply = z.infer<typeof photonReplySchema>;

const TOWN_TYPES = new Set(['city', 'town', 'village', 'hamlet', 'locality']);

export function suggestionsFromPhoton(reply: PhotonReply): PlaceSuggestion[] {
  return reply.features.map(({ geometry, properties: p }) =>
    suggestionFromParts({
      lat: geometry.coordinates[1],
      lng: geometry.coordinates[0],
      name: p.name,
      houseNumber: p.housenumber,
      street: p.street,
      city: p.city ?? (p.type && TOWN_TYPES.has(p.type) ? p.name : undefined) ?? p.district,
      state: p.state,
      postcode: p.postcode,
      countryCode: p.countrycode,
    }),
  );
}

export function photonGeocoder(baseUrl: string, options: GeocoderClientOptions): Geocoder {
  return {
    name: 'photon',
    async suggest(input, near) {
      const url = new URL(`${baseUrl}/api`);
      url.searchParams.set('q', input);
      url.searchParams.set('limit', String(GEOCODER_LIMIT));
      url.searchParams.set('lang', 'en');
      if (near) {
        url.searchParams.set('lat', String(near.lat));
        url.searchParams.set('lon', String(near.lng));
      }
      const { status, body } = await fetchJson(url, {
        service: 'Photon',
        headers: { 'user-agent': options.userAgent },
        timeoutMs: options.timeoutMs ?? GEOCODER_TIMEOUT_MS,
      });
      return suggestionsFromPhoton(replyOf('Photon', photonReplySchema, status, body));
    },
  };
}

// ---------------------------------------------------------------- Nominatim (OpenStreetMap's search)

const nominatimReplySchema = z.array(
  z.object({
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    name: optionalText,
    address: z
      .looseObject({
        house_number: optionalText,
        road: optionalText,
        city: optionalText,
        town: optionalText,
        village: optionalText,
        hamlet: optionalText,
        municipality: optionalText,
        state: optionalText,
        'ISO3166-2-lvl4': optionalText,
        postcode: optionalText,
        country_code: optionalText,
      })
      .optional(),
  }),
);
export type NominatimReply = z.infer<typeof nominatimReplySchema>;

export function suggestionsFromNominatim(reply: NominatimReply): PlaceSuggestion[] {
  return reply.map(({ lat, lon, name, address: a = {} }) => {
    const city = a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality;
    // 'US-NY' gives the state's code directly.
    const isoState = a['ISO3166-2-lvl4']?.split('-')[1];
    return suggestionFromParts({
      lat,
      lng: lon,
      name: name || undefined,
      houseNumber: a.house_number,
      street: a.road,
      city,
      state: a.country_code === 'us' && isoState ? isoState : a.state,
      postcode: a.postcode,
      countryCode: a.country_code,
    });
  });
}

export function nominatimGeocoder(baseUrl: string, options: GeocoderClientOptions): Geocoder {
  return {
    name: 'nominatim',
    async suggest(input, near) {
      const url = new URL(`${baseUrl}/search`);
      url.searchParams.set('q', input);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(GEOCODER_LIMIT));
      if (near) url.searchParams.set('viewbox', viewbox(near));
      const { status, body } = await fetchJson(url, {
        service: 'Nominatim',
        headers: { 'user-agent': options.userAgent, 'accept-language': 'en' },
        timeoutMs: options.timeoutMs ?? GEOCODER_TIMEOUT_MS,
      });
      return suggestionsFromNominatim(replyOf('Nominatim', nominatimReplySchema, status, body));
    },
  };
}

/** A box of about 100 km around the point, preferred (not required) by the search. */
const viewbox = (near: LatLng): string =>
  [near.lng - 0.5, near.lat + 0.5, near.lng + 0.5, near.lat - 0.5].map((n) => n.toFixed(4)).join(',');

// ---------------------------------------------------------------- Google (Geocoding API: one call gives the point and the parts)

const googleReplySchema = z.object({
  status: z.string(),
  error_message: optionalText,
  results: z
    .array(
      z.object({
        formatted_address: z.string(),
        geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
        address_components: z.array(z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) })),
      }),
    )
    .default([]),
});
export type GoogleGeocodeReply = z.infer<typeof googleReplySchema>;

export function suggestionsFromGoogle(reply: GoogleGeocodeReply): PlaceSuggestion[] {
  return reply.results.slice(0, GEOCODER_LIMIT).map((result) => {
    const part = (type: string, form: 'long_name' | 'short_name' = 'long_name') =>
      result.address_components.find((component) => component.types.includes(type))?.[form];
    return suggestionFromParts({
      lat: result.geometry.location.lat,
      lng: result.geometry.location.lng,
      houseNumber: part('street_number'),
      street: part('route'),
      city: part('locality') ?? part('postal_town') ?? part('sublocality'),
      state: part('administrative_area_level_1', 'short_name'),
      postcode: part('postal_code'),
      countryCode: part('country', 'short_name'),
      description: result.formatted_address,
    });
  });
}

export function googleGeocoder(apiKey: string, options: GeocoderClientOptions): Geocoder {
  return {
    name: 'google',
    async suggest(input, near) {
      // The key travels in the URL: this URL is never logged or put in an error.
      const url = new URL(`${options.googleBaseUrl ?? 'https://maps.googleapis.com'}/maps/api/geocode/json`);
      url.searchParams.set('address', input);
      url.searchParams.set('key', apiKey);
      url.searchParams.set('language', 'en');
      if (near) url.searchParams.set('bounds', `${near.lat - 0.5},${near.lng - 0.5}|${near.lat + 0.5},${near.lng + 0.5}`);
      const { status, body } = await fetchJson(url, { service: 'Google', timeoutMs: options.timeoutMs ?? GEOCODER_TIMEOUT_MS });
      const reply = replyOf('Google', googleReplySchema, status, body);
      if (reply.status === 'ZERO_RESULTS') return [];
      // REQUEST_DENIED, OVER_QUERY_LIMIT, …: Google's status says what; its error_message may quote the request.
      if (reply.status !== 'OK') throw new ExternalServiceError(`Google answered ${reply.status.slice(0, 40)}`);
      return suggestionsFromGoogle(reply);
    },
  };
}

export function geocoderFor(setting: GeocoderSetting | undefined, options: GeocoderClientOptions): Geocoder | undefined {
  if (!setting) return undefined;
  if (setting.kind === 'google') return googleGeocoder(setting.apiKey, options);
  return setting.kind === 'photon' ? photonGeocoder(setting.baseUrl, options) : nominatimGeocoder(setting.baseUrl, options);
}
