import type { SnapshotHosts } from '@vigil/contract';
import { parseGeocoderSetting, type GeocoderSetting } from './geocoder.js';

/** Maps, addresses and time zones as configured (README "Maps, addresses and time zones"). */
export interface MapsConfig {
  /** VIGIL_GEOCODER; undefined: the offline gazetteer only */
  geocoder: GeocoderSetting | undefined;
  /** VIGIL_USPS_CLIENT_ID + VIGIL_USPS_CLIENT_SECRET (+ VIGIL_USPS_URL); undefined: addresses are not verified */
  usps: { baseUrl: string; clientId: string; clientSecret: string } | undefined;
  /** VIGIL_MAP_TILE_URL, a Leaflet tile template; null: the web map's offline basemap */
  tileUrl: string | null;
  /** VIGIL_MAP_ATTRIBUTION: the tiles' credit line */
  attribution: string | null;
  /** VIGIL_GPU_HOST_LOCAL / VIGIL_GPU_HOST_CLOUD: where onboarded cameras' frame snapshots go, per GPU type */
  snapshotHosts: SnapshotHosts;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (raw: string | undefined): string | undefined => (raw?.trim() ? raw.trim() : undefined);

function httpUrl(name: string, raw: string, example: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name} must be an http(s) URL such as ${example}, not "${raw}"`);
  if (url.username || url.password) throw new Error(`${name} must not hold a user or password`);
  return url;
}

/** A Leaflet tile template: http(s), with {z}, {x} and {y} ({s} for subdomains allowed). */
export function mapTileUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (!value) return null;
  const example = 'https://tile.example/{z}/{x}/{y}.png';
  httpUrl('VIGIL_MAP_TILE_URL', value.replace(/\{[a-z]+\}/g, 'x'), example);
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !value.includes(part));
  if (missing.length > 0) throw new Error(`VIGIL_MAP_TILE_URL must hold ${missing.join(', ')} (like ${example}), not "${value}"`);
  return value;
}

/** The Content-Security-Policy source the tiles come from: 'https://*.tile.example' for 'https://{s}.tile.example/…'. */
export function tileImageSource(tileUrl: string | null): string | null {
  if (!tileUrl) return null;
  const origin = /^(https?:\/\/[^/?#]+)/.exec(tileUrl)?.[1];
  return origin ? origin.replace(/\{[a-z]+\}/g, '*') : null;
}

/** A host name or IP address with no scheme, port or path: the snapshot target is {host}:9001/gpu/frame. */
function snapshotHost(name: string, raw: string): string {
  if (!/^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$|^\[[0-9a-fA-F:.]+\]$/.test(raw))
    throw new Error(`${name} must be a host name or IP address (no scheme, port or path), not "${raw}"`);
  return raw;
}

export function loadMapsConfig(env: Env): MapsConfig {
  const clientId = nonEmpty(env.VIGIL_USPS_CLIENT_ID);
  const clientSecret = nonEmpty(env.VIGIL_USPS_CLIENT_SECRET);
  if (Boolean(clientId) !== Boolean(clientSecret))
    throw new Error(
      "VIGIL_USPS_CLIENT_ID and VIGIL_USPS_CLIENT_SECRET go together: set both (the USPS app's consumer key and secret) or neither",
    );
  const uspsUrl = nonEmpty(env.VIGIL_USPS_URL) ?? 'https://apis.usps.com';
  const baseUrl = httpUrl('VIGIL_USPS_URL', uspsUrl, 'https://apis.usps.com').href.replace(/\/+$/, '');
  const local = snapshotHost('VIGIL_GPU_HOST_LOCAL', nonEmpty(env.VIGIL_GPU_HOST_LOCAL) ?? '127.0.0.1');
  return {
    geocoder: parseGeocoderSetting(env.VIGIL_GEOCODER),
    usps: clientId && clientSecret ? { baseUrl, clientId, clientSecret } : undefined,
    tileUrl: mapTileUrl(env.VIGIL_MAP_TILE_URL),
    attribution: nonEmpty(env.VIGIL_MAP_ATTRIBUTION) ?? null,
    snapshotHosts: { local, cloud: snapshotHost('VIGIL_GPU_HOST_CLOUD', nonEmpty(env.VIGIL_GPU_HOST_CLOUD) ?? local) },
  };
}
