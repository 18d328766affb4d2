/** Camera stream paths and URL patterns (spec part 1 §3, §5, §9). */

export const MANUFACTURERS = ['Hikvision', 'Axis', 'UNV', 'TVI'] as const;
export type Manufacturer = (typeof MANUFACTURERS)[number];
export type StreamQuality = 'high' | 'low';
export type CameraConnection = 'nvr' | 'internal';
export const DEFAULT_RTSP_PORT = 554;

/** Hikvision form: stream 1 = High Resolution, 2 = Low Resolution; path /Streaming/Channels/{channel}0{stream}. */
export const HIKVISION_STREAMS = [
  { label: 'High Resolution', value: 1 },
  { label: 'Low Resolution', value: 2 },
] as const;
export const hikvisionPath = (channel: number, stream: number): string => `/Streaming/Channels/${channel}0${stream}`;

/** The RTSP path of a stream by manufacturer, connection and quality (§9 stream path rules). */
export function streamPath(manufacturer: Manufacturer, connection: CameraConnection, channel: number, quality: StreamQuality): string {
  const high = quality === 'high';
  switch (manufacturer) {
    case 'Hikvision':
      return connection === 'nvr' ? hikvisionPath(channel, high ? 1 : 2) : hikvisionPath(1, high ? 1 : 2);
    case 'Axis':
      return `/axis-media/media.amp?streamprofile=${high ? 'primary' : 'secondary'}`;
    case 'UNV':
      return `/unicast/c${channel}/s1/live`;
    case 'TVI':
      return `/cam/realmonitor?channel=${channel}&subtype=0`;
  }
}

export const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
export const PORT_PATTERN = /^\d{1,4}$/;
export const FLOOR_PATTERN = /\b(?:floor|fl\.?|level)\s*(\d+)\b/i;
export const TRAILING_NUMBER_PATTERN = /(\d+)\s*$/;
export const CHANNEL_SUFFIX_PATTERN = /(?:ch|channel)\s*(\d+)\s*$/i;

/** Absolute when it has a scheme, a dot and a slash in that order, or starts with {host}. */
export function isAbsoluteUrl(url: string): boolean {
  return url.startsWith('{host}') || /^[a-z][a-z0-9+.-]*:.*\..*\//i.test(url);
}

export interface RtspParts {
  protocol: 'rtsp' | 'rtsps';
  host: string;
  port: number;
  path: string;
  username?: string;
  password?: string;
}

/** Percent-decoding that keeps text with a stray '%' as typed instead of throwing. */
const decodeUserInfo = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Splits an RTSP URL into the camera upload record's parts (the Other profile); null when it is not one. */
export function parseRtspUrl(url: string): RtspParts | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const protocol = parsed.protocol.replace(':', '');
  if ((protocol !== 'rtsp' && protocol !== 'rtsps') || !parsed.hostname) return null;
  return {
    protocol,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : DEFAULT_RTSP_PORT,
    path: `${parsed.pathname || '/'}${parsed.search}`,
    ...(parsed.username ? { username: decodeUserInfo(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeUserInfo(parsed.password) } : {}),
  };
}

/** The URL the recorder opens, credentials included. */
export function rtspUrl(parts: RtspParts): string {
  const auth = parts.username
    ? `${encodeURIComponent(parts.username)}${parts.password ? `:${encodeURIComponent(parts.password)}` : ''}@`
    : '';
  return `${parts.protocol}://${auth}${parts.host}:${parts.port}${parts.path.startsWith('/') ? '' : '/'}${parts.path}`;
}
