import { z } from 'zod';
import { uuidSchema } from './common.js';
import { geolocSchema } from './maps.js';
import { parseGeoloc } from './sun.js';
import { DEFAULT_RTSP_PORT, IPV4_PATTERN, MANUFACTURERS, streamPath, type CameraConnection, type Manufacturer } from './streams.js';

/** Building onboarding (spec part 1 §2–§5, §7–§9): rules, texts and the calls' shapes. */

export const ONBOARDING_MESSAGES = {
  invalidAddress: 'Please make sure you entered a valid address',
  gpuMissing: 'Dont forget the GPU Type!',
  tviNeedsNvr: 'ERROR: TVI Cameras must be accessed through the NVR',
  unvInternal: 'UNV Cameras should be accessed through internal IP addresses',
  manufacturerOrGpu: 'Remember to make sure a manufacturer or GPU Type is selected',
  submitFailed: 'Something went wrong while adding the camera.',
  timezoneFailed: 'Error. Response did not include a valid timezone.',
  success: 'SUCCESS!',
} as const;

export const GPU_TYPES = ['local', 'cloud'] as const;
export type GpuType = (typeof GPU_TYPES)[number];
export const CAMERA_CONNECTIONS = ['nvr', 'internal'] as const satisfies readonly CameraConnection[];
export const STREAM_QUALITIES = ['low', 'high'] as const;

/** Per-camera alerting of every onboarded camera (§3, §9). */
export const ONBOARDING_ALERTING = { snooze: 7200, rate_limit: 120, alertingclass: 'singleshot' } as const;
/** The port a frame-snapshot target listens on (§9): {ip}:9001/gpu/frame. */
export const SNAPSHOT_PORT = 9001;
/** §9: default map centre New York, zoom 17 on a selected place. */
export const DEFAULT_MAP_CENTER = { lat: 40.7128, lng: -74.006 } as const;
export const DEFAULT_MAP_ZOOM = 11;
export const SELECTED_PLACE_ZOOM = 17;
/** Where recordings of onboarded cameras are kept: this server's media store (local folder or its S3 bucket). */
export const CLIP_STORAGE = 'media-store';

/** The hosts that receive frame snapshots for each GPU type (from the server's configuration). */
export type SnapshotHosts = Record<GpuType, string>;
export const snapshotTarget = (gpu: GpuType, hosts: SnapshotHosts): string => `${hosts[gpu]}:${SNAPSHOT_PORT}/gpu/frame`;

// ---------------------------------------------------------------- camera rows (the camera step)

/** One row of the camera step as the page holds it (strings as typed; '' when not chosen). */
export interface CameraRowDraft {
  id: string;
  manufacturer: Manufacturer | '';
  type: CameraConnection;
  gpu: GpuType | '';
  address: string;
  port: string;
  channel: string;
  /** the camera number (fname) */
  fname: string;
  description: string;
  username: string;
  password: string;
  /** which streams to add */
  streams: { low: boolean; high: boolean };
  /** the camera's admin page; empty for http://{address} */
  adminURL: string;
  /** an exit (elopement alerts; set with alerting/edit); absent: not one. A new row is never one (a door is its own) */
  isExit?: boolean;
}

/**
 * Camera number (§5): 1 for the first row, or the previous row's number plus 1 while manufacturer, type, address and
 * port are the same as the previous row's; back to 1 when any of them changes.
 */
export function nextCameraNumber(
  previous: Pick<CameraRowDraft, 'manufacturer' | 'type' | 'address' | 'port' | 'fname'> | undefined,
  row: Pick<CameraRowDraft, 'manufacturer' | 'type' | 'address' | 'port'>,
): number {
  if (!previous) return 1;
  const same =
    previous.manufacturer === row.manufacturer &&
    previous.type === row.type &&
    previous.address.trim() === row.address.trim() &&
    previous.port.trim() === row.port.trim();
  const number = Number.parseInt(previous.fname, 10);
  return same && Number.isFinite(number) ? number + 1 : 1;
}

export interface RowIssues {
  /** what blocks 'Finished' */
  errors: string[];
  /** advice that does not block */
  notes: string[];
}

/** §5 rules of one camera row, with the spec's texts; plus the plain field checks the server would refuse. */
export function cameraRowIssues(row: CameraRowDraft): RowIssues {
  const errors: string[] = [];
  const notes: string[] = [];
  if (!row.manufacturer) errors.push(ONBOARDING_MESSAGES.manufacturerOrGpu);
  else if (!row.gpu) errors.push(ONBOARDING_MESSAGES.gpuMissing);
  if (row.manufacturer === 'TVI' && row.type !== 'nvr') errors.push(ONBOARDING_MESSAGES.tviNeedsNvr);
  if (row.manufacturer === 'UNV' && row.type === 'nvr') notes.push(ONBOARDING_MESSAGES.unvInternal);
  if (!HOST_PATTERN.test(row.address.trim())) errors.push('Camera address must be an IP address or host name.');
  if (!isPort(row.port)) errors.push('Port must be a number from 1 to 65535.');
  if (!isPositiveInt(row.channel)) errors.push('Channel must be a whole number from 1.');
  if (!isPositiveInt(row.fname)) errors.push('Camera number must be a whole number from 1.');
  if (!row.description.trim()) errors.push('Every camera needs a description.');
  if (!row.streams.low && !row.streams.high) errors.push('Choose at least one stream (low or high).');
  return { errors, notes };
}

const HOST_PATTERN = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const isPort = (text: string) => /^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 65535;
const isPositiveInt = (text: string) => /^\d{1,4}$/.test(text.trim()) && Number(text) >= 1;

/** The streams of a row (§9 path rules): an RTSP URL without credentials per quality chosen. */
export function rowStreams(row: Pick<CameraRowDraft, 'manufacturer' | 'type' | 'address' | 'port' | 'channel' | 'streams'>) {
  if (!row.manufacturer) return [];
  const manufacturer = row.manufacturer;
  const channel = Number.parseInt(row.channel, 10) || 1;
  return STREAM_QUALITIES.filter((q) => row.streams[q]).map((quality) => ({
    quality,
    videoURL: `rtsp://${row.address.trim()}:${Number(row.port) || DEFAULT_RTSP_PORT}${streamPath(manufacturer, row.type, channel, quality)}`,
  }));
}

// ---------------------------------------------------------------- the building step

export interface BuildingDraft {
  /** building name */
  description: string;
  /** short name */
  fname: string;
  /** management group */
  group: string;
  /** the address as chosen from the suggestions ('' until one is chosen) */
  address: string;
  /** the marker ('lat,lng'); '' until a place is chosen or the map clicked */
  geoloc: string;
  timezone: string;
}

export const FNAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;
/** A short name from a building name: lower case, accents dropped, words joined by '-', at most 40 characters. */
export const suggestFname = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/** What keeps 'Configure Cameras' disabled, in the spec's words where it has them. */
export function buildingIssues(b: BuildingDraft): string[] {
  const issues: string[] = [];
  if (!b.description.trim()) issues.push('Enter the building name.');
  if (!FNAME_PATTERN.test(b.fname)) issues.push('Short name: 2 to 40 lower-case letters, digits or dashes.');
  if (!b.address.trim() || !parseGeoloc(b.geoloc)) issues.push(ONBOARDING_MESSAGES.invalidAddress);
  if (!b.timezone) issues.push(ONBOARDING_MESSAGES.timezoneFailed);
  return issues;
}

// ---------------------------------------------------------------- POST /api/v1/domain/new

const hostSchema = z.string().trim().min(1).max(253).regex(HOST_PATTERN, 'address must be an IP address or host name');
const portSchema = z.coerce.number().int().min(1).max(65535);

/**
 * A camera's id in the payload, which its streams name it by: a number or a string (§3 gives no type; the page sends
 * uuids), always a string once read, so that 7 and '7' name the same camera. A uuid becomes the camera's uuid; any
 * other id only ties the payload together, and the server gives the camera a new uuid (see the reply).
 */
export const onboardingIdSchema = z
  .union([
    z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, 'id must be letters, digits, dots, dashes or underscores'),
  ])
  .transform(String);
export const isUuid = (id: string): boolean => uuidSchema.safeParse(id).success;

export const onboardingCameraSchema = z.object({
  id: onboardingIdSchema,
  channelNumber: z.coerce.number().int().min(1).max(9999),
  address: hostSchema,
  port: portSchema.default(DEFAULT_RTSP_PORT),
  manufacturer: z.enum(MANUFACTURERS),
  type: z.enum(CAMERA_CONNECTIONS),
  gpu: z.enum(GPU_TYPES, { error: ONBOARDING_MESSAGES.gpuMissing }),
  domainFname: z.string().regex(FNAME_PATTERN),
  cameraDescription: z.string().trim().min(1).max(200),
  /** the camera number */
  fname: z.coerce.number().int().min(1).max(9999),
  username: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
  alerting: z.object({
    slack_channel: z.string().max(200).default(''),
    snooze: z.number().int().min(0).max(86_400),
    rate_limit: z.number().int().min(0).max(86_400),
    alertingclass: z.literal('singleshot'),
  }),
  features: z.object({
    adminURL: z.string().max(500),
    ipaddr: z.string().regex(IPV4_PATTERN).optional(),
    ip4addr: z.string().regex(IPV4_PATTERN).optional(),
  }),
  /** not in §7's payload: the camera is an exit (elopement alerts); true needs alerting/edit in the new building */
  is_exit: z.boolean().default(false),
});
export type OnboardingCamera = z.input<typeof onboardingCameraSchema>;

/** A stream names its camera by `id` (the camera's id): a camera has a low and/or a high stream. */
export const onboardingStreamSchema = z.object({
  id: onboardingIdSchema,
  videoURL: z
    .string()
    .trim()
    .max(600)
    .regex(/^rtsps?:\/\/[^/@\s]+(:\d+)?\/\S*$/, 'videoURL must be rtsp://host:port/path without credentials'),
  quality: z.enum(STREAM_QUALITIES),
  clipStorage: z.string().max(100),
  snapshotTarget: z.string().max(300),
});
export type OnboardingStream = z.input<typeof onboardingStreamSchema>;

export const domainNewBodySchema = z
  .object({
    fname: z.string().trim().regex(FNAME_PATTERN, 'fname must be 2 to 40 lower-case letters, digits or dashes'),
    description: z.string().trim().min(1).max(200),
    group: z.string().trim().max(200).default(''),
    /** not in §3's onboarding domain: the page sends the address chosen; a blank one is refused, none is fine */
    address: z.string().trim().min(1, ONBOARDING_MESSAGES.invalidAddress).max(300).optional(),
    timezone: z.string().trim().min(1).max(64),
    geoloc: geolocSchema,
    cameras: z.array(onboardingCameraSchema).min(1).max(64),
    streams: z.array(onboardingStreamSchema).min(1).max(128),
  })
  .superRefine((body, ctx) => {
    for (const issue of onboardingPayloadIssues(body)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type DomainNewBody = z.input<typeof domainNewBodySchema>;
export const domainNewReplySchema = z.object({
  ok: z.literal(true),
  domain: z.object({ uuid: uuidSchema, description: z.string(), fname: z.string(), timezone: z.string() }),
  /** each camera with the id the payload gave it (as a string) and its uuid (that id when it was a uuid, else a new one) */
  cameras: z.array(z.object({ id: z.string(), uuid: uuidSchema, name: z.string(), is_exit: z.boolean() })),
});
export type DomainNewReply = z.infer<typeof domainNewReplySchema>;

/** Cross-field rules of a payload (the server refuses what the page would): each with the field it names. */
export function onboardingPayloadIssues(body: {
  fname: string;
  cameras: { id: string; manufacturer: Manufacturer; type: CameraConnection; domainFname: string; address: string; port?: number }[];
  streams: { id: string; quality: string; videoURL: string }[];
}): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const ids = new Set<string>();
  body.cameras.forEach((camera, i) => {
    if (ids.has(camera.id)) issues.push({ path: ['cameras', i, 'id'], message: `camera id ${camera.id} appears twice` });
    ids.add(camera.id);
    if (camera.manufacturer === 'TVI' && camera.type !== 'nvr')
      issues.push({ path: ['cameras', i, 'type'], message: ONBOARDING_MESSAGES.tviNeedsNvr });
    if (camera.domainFname !== body.fname)
      issues.push({ path: ['cameras', i, 'domainFname'], message: `domainFname must be the building's fname (${body.fname})` });
    if (!body.streams.some((s) => s.id === camera.id))
      issues.push({ path: ['cameras', i, 'id'], message: `camera ${camera.id} has no stream` });
  });
  const seen = new Set<string>();
  body.streams.forEach((stream, i) => {
    const camera = body.cameras.find((c) => c.id === stream.id);
    if (!camera) issues.push({ path: ['streams', i, 'id'], message: `stream names no camera of this payload (${stream.id})` });
    const key = `${stream.id}:${stream.quality}`;
    if (seen.has(key)) issues.push({ path: ['streams', i, 'quality'], message: `camera ${stream.id} has two ${stream.quality} streams` });
    seen.add(key);
    if (camera) {
      let host = '';
      try {
        const url = new URL(stream.videoURL);
        host = url.hostname;
        const port = url.port ? Number(url.port) : DEFAULT_RTSP_PORT;
        if (port !== (camera.port ?? DEFAULT_RTSP_PORT))
          issues.push({ path: ['streams', i, 'videoURL'], message: `videoURL port must be the camera's port` });
      } catch {
        host = '';
      }
      if (host !== camera.address) issues.push({ path: ['streams', i, 'videoURL'], message: `videoURL host must be the camera's address` });
    }
  });
  return issues;
}

/** The page's rows and building as the domain/new payload (§3 Onboarding domain, camera, stream). */
export function buildOnboardingPayload(building: BuildingDraft, rows: CameraRowDraft[], hosts: SnapshotHosts): DomainNewBody {
  const cameras: OnboardingCamera[] = [];
  const streams: OnboardingStream[] = [];
  for (const row of rows) {
    if (!row.manufacturer || !row.gpu) throw new Error(cameraRowIssues(row).errors[0] ?? ONBOARDING_MESSAGES.manufacturerOrGpu);
    const address = row.address.trim();
    const internal = row.type === 'internal' && IPV4_PATTERN.test(address);
    cameras.push({
      id: row.id,
      channelNumber: Number(row.channel),
      address,
      port: Number(row.port),
      manufacturer: row.manufacturer,
      type: row.type,
      gpu: row.gpu,
      domainFname: building.fname,
      cameraDescription: row.description.trim(),
      fname: Number(row.fname),
      username: row.username,
      password: row.password,
      alerting: { slack_channel: `#${building.fname}-alerts`, ...ONBOARDING_ALERTING },
      features: { adminURL: row.adminURL.trim() || `http://${address}`, ...(internal ? { ipaddr: address, ip4addr: address } : {}) },
      ...(row.isExit && { is_exit: true }),
    });
    for (const s of rowStreams(row))
      streams.push({ id: row.id, ...s, clipStorage: CLIP_STORAGE, snapshotTarget: snapshotTarget(row.gpu, hosts) });
  }
  return {
    fname: building.fname,
    description: building.description.trim(),
    group: building.group.trim(),
    address: building.address.trim(),
    timezone: building.timezone,
    geoloc: building.geoloc,
    cameras,
    streams,
  };
}
