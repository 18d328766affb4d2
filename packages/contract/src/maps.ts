import { z } from 'zod';
import { parseGeoloc } from './sun.js';

/** The maps and postal calls of building onboarding (spec part 1 §7) and the building's point, 'lat,lng'. */

export interface LatLng {
  lat: number;
  lng: number;
}
/** 'lat,lng' with six decimals (about 10 cm), the form the onboarding domain's geoloc takes. */
export const formatGeoloc = (p: LatLng): string => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;
export const geolocSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/, "geoloc must be 'lat,lng'")
  .refine((s) => parseGeoloc(s) !== null, "geoloc must be 'lat,lng' (latitude -90..90, longitude -180..180)");

/** The Etc/ zones (geo-tz answers Etc/GMT, Etc/GMT+3, … at sea; Etc/UTC and the like): never a building's time zone. */
export const isNauticalZone = (zone: string): boolean => zone.startsWith('Etc/');

/** GET /api/v1/maps/timezone?location=lat,lng: the zone of a point (null at sea or off any land zone). */
export const timezoneQuerySchema = z.object({ location: geolocSchema });
export const timezoneReplySchema = z.object({ ok: z.literal(true), timeZoneId: z.string().nullable() });

/** GET /api/v1/maps/places?input=…: address suggestions from the configured geocoder, else the offline gazetteer. */
export const placesQuerySchema = z.object({
  input: z.string().trim().min(2).max(200),
  /** bias towards this point ('lat,lng') */
  near: geolocSchema.optional(),
});
export const placeSuggestionSchema = z.object({
  description: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** address parts for the postal lookup ('' when the source does not know them) */
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  /** 'street' when the point is the address itself, 'city' when only the town is known (place the marker by hand) */
  precision: z.enum(['street', 'city']),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;
export const placesReplySchema = z.object({
  ok: z.literal(true),
  /** which geocoder answered: 'offline' for the built-in gazetteer */
  source: z.string(),
  suggestions: z.array(placeSuggestionSchema),
});

/** GET /api/v1/usps/zip4 */
export const zip4QuerySchema = z.object({
  address1: z.string().trim().min(1).max(200),
  address2: z.string().trim().max(200).default(''),
  city: z.string().trim().max(100).default(''),
  state: z.string().trim().max(40).default(''),
  zip: z.string().trim().max(10).default(''),
});
export const zip4ReplySchema = z.object({
  ok: z.literal(true),
  /** false when no postal service is configured: the address was not checked */
  verified: z.boolean(),
  zip4: z.string().nullable(),
  /** the standardised ZIP code when the postal service knows the address */
  zip: z.string().nullable(),
  message: z.string(),
});
export type Zip4Reply = z.infer<typeof zip4ReplySchema>;

/** With a postal service, an address without zip4 is flagged incorrect (§5); without one it is only "not verified". */
export const addressFlag = (reply: Pick<Zip4Reply, 'verified' | 'zip4'>): 'verified' | 'incorrect' | 'unverified' =>
  !reply.verified ? 'unverified' : reply.zip4 ? 'verified' : 'incorrect';
export type TimezoneReply = z.infer<typeof timezoneReplySchema>;
export type PlacesReply = z.infer<typeof placesReplySchema>;
