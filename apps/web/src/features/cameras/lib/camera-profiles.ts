import {
  DEFAULT_RTSP_PORT,
  HIKVISION_STREAMS,
  hikvisionPath,
  parseRtspUrl,
  type CameraUploadRecord,
  type FormEntry,
  type FormField,
  type FormValue,
  type TemplateRule,
} from '@vigil/contract';

/** Manufacturer profiles of the Add Camera page (spec part 1 §3). */
export const CAMERA_PROFILES = ['Hikvision', 'Other'] as const;
export type CameraProfile = (typeof CAMERA_PROFILES)[number];

export const HIKVISION_FIELDS: readonly FormField[] = [
  { identifier: 'name', type: 'text', label: 'Name', default: 'New Camera', tokenizers: ['Increment Values'] },
  {
    identifier: 'protocol',
    type: 'select',
    label: 'Protocol',
    default: 'rtsp',
    options: [
      { label: 'RTSP', value: 'rtsp' },
      { label: 'RTSPS', value: 'rtsps' },
    ],
    inline: true,
  },
  {
    identifier: 'hostname',
    type: 'text',
    label: 'Hostname',
    placeholder: '192.168.1.64',
    inline: true,
    tokenizers: ['Increment Values'],
  },
  { identifier: 'port', type: 'number', label: 'Port', placeholder: String(DEFAULT_RTSP_PORT), required: false, inline: true },
  { identifier: 'username', type: 'text', label: 'Username', default: 'admin', required: false, inline: true },
  { identifier: 'password', type: 'password', label: 'Password', required: false, inline: true },
  { identifier: 'channel', type: 'number', label: 'Channel', default: '1', tokenizers: ['Increment Values'] },
  {
    identifier: 'stream',
    type: 'checkbox',
    label: 'Stream',
    multiselect: true,
    selectAll: true,
    default: [String(HIKVISION_STREAMS[0].value)],
    options: HIKVISION_STREAMS.map((s) => ({ label: s.label, value: String(s.value) })),
  },
];

export const OTHER_FIELDS: readonly FormField[] = [
  { identifier: 'name', type: 'text', label: 'Name', default: 'New Camera', tokenizers: ['Increment Values'] },
  {
    identifier: 'url',
    type: 'url',
    label: 'URL',
    placeholder: 'rtsp://user:password@192.168.1.64:554/stream1',
    tokenizers: ['Increment Values'],
  },
];

const TOKEN = '{n}';

export const PROFILE_FIELDS: Record<CameraProfile, readonly FormField[]> = { Hikvision: HIKVISION_FIELDS, Other: OTHER_FIELDS };
export const PROFILE_RULES: Record<CameraProfile, readonly TemplateRule[]> = {
  Hikvision: [
    { type: 'Duplicate', times: 1 },
    { type: 'Increment Values', token: TOKEN, start: '1', fields: ['name', 'channel'] },
  ],
  Other: [
    { type: 'Duplicate', times: 1 },
    { type: 'Increment Values', token: TOKEN, start: '1', fields: ['name', 'url'] },
  ],
};

/** At most this many cameras in one upload (the API's limit). */
export const MAX_UPLOAD = 64;

export type RecordsResult = { ok: true; records: CameraUploadRecord[] } | { ok: false; error: string };

const text = (value: FormValue | undefined): string => (typeof value === 'string' ? value.trim() : '');

function optional(value: string): string | undefined {
  return value === '' ? undefined : value;
}

/** One record per selected stream, path /Streaming/Channels/{channel}0{stream}; names say the stream when there are several. */
export function hikvisionRecords(entry: FormEntry, domainUUID: string): RecordsResult {
  const channel = Number.parseInt(text(entry.channel), 10);
  if (!Number.isInteger(channel) || channel < 1) return { ok: false, error: `Channel "${text(entry.channel)}" is not a channel number.` };
  const portText = text(entry.port);
  const port = portText === '' ? DEFAULT_RTSP_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, error: `Port "${portText}" is not a port number.` };
  const streams = Array.isArray(entry.stream) ? (entry.stream as readonly string[]) : [];
  const protocol = text(entry.protocol) === 'rtsps' ? 'rtsps' : 'rtsp';
  const records = HIKVISION_STREAMS.filter((s) => streams.includes(String(s.value))).map((s): CameraUploadRecord => ({
    name: streams.length > 1 ? `${text(entry.name)} (${s.label})` : text(entry.name),
    domainUUID,
    protocol,
    host: text(entry.hostname),
    port,
    path: hikvisionPath(channel, s.value),
    username: optional(text(entry.username)),
    password: optional(typeof entry.password === 'string' ? entry.password : ''),
  }));
  return { ok: true, records };
}

/** The Other profile: a name and an RTSP URL, split into the record's parts. */
export function otherRecords(entry: FormEntry, domainUUID: string): RecordsResult {
  const parts = parseRtspUrl(text(entry.url));
  if (!parts) return { ok: false, error: `"${text(entry.url)}" is not an RTSP address like rtsp://192.168.1.64:554/stream1.` };
  return { ok: true, records: [{ name: text(entry.name), domainUUID, ...parts }] };
}

/** Every entry (after the template rules) as upload records; the first problem stops it. */
export function uploadRecords(profile: CameraProfile, entries: readonly FormEntry[], domainUUID: string): RecordsResult {
  const records: CameraUploadRecord[] = [];
  for (const entry of entries) {
    const result = profile === 'Hikvision' ? hikvisionRecords(entry, domainUUID) : otherRecords(entry, domainUUID);
    if (!result.ok) return result;
    records.push(...result.records);
  }
  if (records.length > MAX_UPLOAD)
    return { ok: false, error: `That is ${records.length} cameras; one upload takes at most ${MAX_UPLOAD}.` };
  return { ok: true, records };
}
