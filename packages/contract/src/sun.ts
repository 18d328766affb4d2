/**
 * Civil dawn and dusk (sun 6° below the horizon) for a place and day, after the sunrise equation as
 * NOAA and suncalc state it; good to about a minute between the polar circles.
 */
const RAD = Math.PI / 180;
const DAY_MS = 86_400_000;
const J1970 = 2_440_588;
const J2000 = 2_451_545;
const J0 = 0.0009;
const OBLIQUITY = RAD * 23.4397;
export const CIVIL_TWILIGHT_DEGREES = -6;

const toDays = (ms: number) => ms / DAY_MS - 0.5 + J1970 - J2000;
const fromJulian = (j: number) => (j + 0.5 - J1970) * DAY_MS;
const approxTransit = (ht: number, lw: number, n: number) => J0 + (ht + lw) / (2 * Math.PI) + n;
const solarTransitJ = (ds: number, m: number, l: number) => J2000 + ds + 0.0053 * Math.sin(m) - 0.0069 * Math.sin(2 * l);
const meanAnomaly = (d: number) => RAD * (357.5291 + 0.98560028 * d);
function eclipticLongitude(m: number): number {
  const centre = RAD * (1.9148 * Math.sin(m) + 0.02 * Math.sin(2 * m) + 0.0003 * Math.sin(3 * m));
  return m + centre + RAD * 102.9372 + Math.PI;
}

export interface Twilight {
  /** epoch ms of civil dawn, or null when the sun never climbs to -6° that day (or never sinks below it) */
  dawn: number | null;
  dusk: number | null;
}

/** Civil dawn and dusk of the solar day nearest `aroundMs` (pass the place's local noon of the day you mean). */
export function civilTwilight(aroundMs: number, lat: number, lng: number): Twilight {
  const lw = RAD * -lng;
  const phi = RAD * lat;
  const n = Math.round(toDays(aroundMs) - J0 - lw / (2 * Math.PI));
  const ds = approxTransit(0, lw, n);
  const m = meanAnomaly(ds);
  const l = eclipticLongitude(m);
  const dec = Math.asin(Math.sin(OBLIQUITY) * Math.sin(l));
  const noon = solarTransitJ(ds, m, l);
  const cosW = (Math.sin(RAD * CIVIL_TWILIGHT_DEGREES) - Math.sin(phi) * Math.sin(dec)) / (Math.cos(phi) * Math.cos(dec));
  if (cosW < -1 || cosW > 1) return { dawn: null, dusk: null };
  const set = solarTransitJ(approxTransit(Math.acos(cosW), lw, n), m, l);
  const rise = noon - (set - noon);
  return { dawn: Math.round(fromJulian(rise)), dusk: Math.round(fromJulian(set)) };
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  /** minutes since local midnight */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function intlParts(ms: number, timeZone: string): ZonedParts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const QUARTER_HOUR_MS = 900_000;
const offsets = new Map<string, number>();

/** A zone's UTC offset in minutes at an instant. Zones change offset only on UTC quarter hours, so one Intl call serves 15 minutes. */
function offsetMinutes(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const local = intlParts(quarter, timeZone);
    offset = (Date.UTC(local.year, local.month - 1, local.day, 0, local.minutes) - quarter) / 60_000;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** Wall-clock parts of an instant in a time zone (this runs for every ingested event and rule: arithmetic on a cached offset). */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const local = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

const twilights = new Map<string, { dawn: number | null; dusk: number | null }>();

/** Civil dawn and dusk of the local calendar day holding `ms`, as minutes after local midnight (once per place and day). */
export function twilightMinutes(ms: number, timeZone: string, lat: number, lng: number): { dawn: number | null; dusk: number | null } {
  const local = zonedParts(ms, timeZone);
  const key = `${timeZone}|${lat},${lng}|${local.year}-${local.month}-${local.day}`;
  const known = twilights.get(key);
  if (known) return known;
  // The place's solar noon of that calendar day is close to 12:00 UTC shifted by the longitude.
  const noon = Date.UTC(local.year, local.month - 1, local.day, 12) - (lng / 15) * 3_600_000;
  const { dawn, dusk } = civilTwilight(noon, lat, lng);
  const toLocal = (t: number | null) => (t === null ? null : zonedParts(t, timeZone).minutes);
  const twilight = { dawn: toLocal(dawn), dusk: toLocal(dusk) };
  if (twilights.size >= 10_000) twilights.clear();
  twilights.set(key, twilight);
  return twilight;
}

/** 'lat,lng' as stored on a domain; null when absent or not two numbers in range. */
export function parseGeoloc(geoloc: string | null | undefined): { lat: number; lng: number } | null {
  if (!geoloc) return null;
  const [lat, lng] = geoloc.split(',').map((p) => Number(p.trim()));
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

export const minutesToClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The instant a calendar day ('YYYY-MM-DD') begins in a time zone (local midnight; DST-safe to the minute). */
export function zonedDayStart(day: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, date);
  let t = wanted;
  // Two corrections: the zone's offset at the first guess, then at the corrected instant (a DST change that day).
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(t, timeZone);
    t += wanted - (Date.UTC(p.year, p.month - 1, p.day) + p.minutes * 60_000);
  }
  return t;
}
