import { createRequire } from 'node:module';
import { isNauticalZone } from '@vigil/contract';
import { BoundedCache } from './bounded-cache.js';

/** The IANA time zone of a point, offline (geo-tz, timezone-boundary-builder's polygons). */
export interface TimezoneLookup {
  /** the zone of a building at the point, or null at sea (no land zone there) */
  at(lat: number, lng: number): string | null;
}

type FindZones = (lat: number, lng: number) => string[];
interface GeoTz {
  find: FindZones;
  setCache(options: { store: { get(key: string): unknown; set(key: string, value: unknown): void } }): void;
}

/** The first land zone of geo-tz's answer (a disputed area can have two), or null. */
export function landZone(zones: readonly string[]): string | null {
  return zones.find((zone) => !isNauticalZone(zone)) ?? null;
}

/**
 * geo-tz is required on the first lookup, not at server start (its index is ~1 MB of JSON; its polygons, 30 MB on
 * disk, are read cell by cell as points fall in them). Its own cache keeps every cell ever read (~180 MB for the whole
 * world): a bounded one keeps the cells of the last few hundred lookups.
 * `geo-tz/all` rather than the default 1970 data set: that one merges zones that agree since 1970 (Oslo answers
 * Europe/Berlin), and staff expect the building's own zone name.
 */
export function geoTzLookup(cacheCells = 256): TimezoneLookup {
  let find: FindZones | undefined;
  const load = (): FindZones => {
    const geoTz = createRequire(import.meta.url)('geo-tz/all') as GeoTz;
    geoTz.setCache({ store: new BoundedCache<unknown>(cacheCells) });
    return geoTz.find;
  };
  return {
    at(lat, lng) {
      find ??= load();
      return landZone(find(lat, lng));
    },
  };
}

/** The server's one lookup (one geo-tz cache). */
export const timezones: TimezoneLookup = geoTzLookup();

/** The zone of a building at lat,lng (null at sea): for the maps route and for checking a new domain's timezone. */
export const timezoneAt = (lat: number, lng: number): string | null => timezones.at(lat, lng);
