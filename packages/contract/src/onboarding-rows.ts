import {
  fieldDefault,
  incrementValues,
  initialEntry,
  tokenizedFields,
  type FormEntry,
  type FormField,
  type FormValue,
} from './form-kit.js';
import { CAMERA_CONNECTIONS, GPU_TYPES, STREAM_QUALITIES, nextCameraNumber, type CameraRowDraft } from './onboarding.js';
import { DEFAULT_RTSP_PORT, MANUFACTURERS } from './streams.js';

/**
 * A camera row of the onboarding camera step (part 1 §3, §5) as a form of the generic form kit (part 2 §3). Channel and
 * camera number take the 'Increment Values' token: the next row counts them up. On a wide screen the row reads
 * make | type | GPU, address | port | channel and number, description, username | password | streams.
 */
export const CAMERA_ROW_FIELDS: readonly FormField[] = [
  {
    identifier: 'manufacturer',
    type: 'select',
    label: 'Manufacturer',
    placeholder: 'Choose',
    options: MANUFACTURERS.map((m) => ({ label: m, value: m })),
    layout: { span: 4 },
  },
  {
    identifier: 'type',
    type: 'radio',
    label: 'Type',
    default: 'nvr',
    options: [
      { label: 'NVR', value: 'nvr' },
      { label: 'Internal', value: 'internal' },
    ],
    inline: true,
    layout: { span: 4 },
  },
  {
    identifier: 'gpu',
    type: 'select',
    label: 'GPU Type',
    placeholder: 'Choose',
    options: GPU_TYPES.map((g) => ({ label: g === 'local' ? 'Local' : 'Cloud', value: g })),
    layout: { span: 4 },
  },
  { identifier: 'address', type: 'text', label: 'Address', placeholder: '192.168.1.64', layout: { span: 4 } },
  { identifier: 'port', type: 'number', label: 'Port', default: String(DEFAULT_RTSP_PORT), layout: { span: 4 } },
  { identifier: 'channel', type: 'number', label: 'Channel', default: '1', tokenizers: ['Increment Values'], layout: { span: 2 } },
  { identifier: 'fname', type: 'number', label: 'Camera number', default: '1', tokenizers: ['Increment Values'], layout: { span: 2 } },
  { identifier: 'description', type: 'text', label: 'Description', placeholder: 'Front Entrance Outdoor' },
  { identifier: 'username', type: 'text', label: 'Username', required: false, layout: { span: 4 } },
  { identifier: 'password', type: 'password', label: 'Password', required: false, layout: { span: 4 } },
  {
    identifier: 'streams',
    type: 'checkbox',
    label: 'Streams',
    multiselect: true,
    default: [...STREAM_QUALITIES],
    options: STREAM_QUALITIES.map((q) => ({ label: q === 'low' ? 'Low' : 'High', value: q })),
    layout: { span: 4 },
  },
];

/** The row's values as the form holds them. */
export function cameraRowEntry(row: CameraRowDraft): FormEntry {
  return {
    manufacturer: row.manufacturer,
    type: row.type,
    gpu: row.gpu,
    address: row.address,
    port: row.port,
    channel: row.channel,
    fname: row.fname,
    description: row.description,
    username: row.username,
    password: row.password,
    streams: STREAM_QUALITIES.filter((q) => row.streams[q]),
  };
}

const text = (value: FormValue | undefined): string => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(options: readonly T[], value: FormValue | undefined): T | undefined =>
  options.find((option) => option === value);

/** The row a form entry describes; what the form cannot hold (id, admin page) comes from `base`. */
function rowFromEntry(base: Pick<CameraRowDraft, 'id' | 'adminURL' | 'isExit'>, entry: FormEntry): CameraRowDraft {
  const streams = Array.isArray(entry.streams) ? (entry.streams as readonly string[]) : [];
  return {
    id: base.id,
    manufacturer: oneOf(MANUFACTURERS, entry.manufacturer) ?? '',
    type: oneOf(CAMERA_CONNECTIONS, entry.type) ?? 'nvr',
    gpu: oneOf(GPU_TYPES, entry.gpu) ?? '',
    address: text(entry.address),
    port: text(entry.port),
    channel: text(entry.channel),
    fname: text(entry.fname),
    description: text(entry.description),
    username: text(entry.username),
    password: text(entry.password),
    streams: { low: streams.includes('low'), high: streams.includes('high') },
    adminURL: base.adminURL,
    ...(base.isExit && { isExit: true }),
  };
}

const IDENTITY = new Set(['manufacturer', 'type', 'address', 'port']);

/**
 * The row after one field changed. The camera number follows the previous row while make, connection, address and
 * port stay the same as the previous row's, and goes back to 1 when any of them changes (§5).
 */
export function withCameraRowValue(
  row: CameraRowDraft,
  previous: CameraRowDraft | undefined,
  identifier: string,
  value: FormValue,
): CameraRowDraft {
  const next = rowFromEntry(row, { ...cameraRowEntry(row), [identifier]: value });
  return IDENTITY.has(identifier) ? { ...next, fname: String(nextCameraNumber(previous, next)) } : next;
}

const WHOLE_NUMBER = /^\s*\d+\s*$/;

/**
 * A new row. The first: every field at its default. After `previous`: the same make, type, GPU, address, port,
 * credentials and streams, an empty description, and the fields that take the 'Increment Values' token (channel,
 * camera number) one up; one that holds no whole number starts again from its default.
 */
export function newCameraRow(id: string, previous?: CameraRowDraft): CameraRowDraft {
  if (!previous) return rowFromEntry({ id, adminURL: '' }, initialEntry(CAMERA_ROW_FIELDS));
  const counted = tokenizedFields(CAMERA_ROW_FIELDS);
  const entry = cameraRowEntry(previous);
  const [, copy] = incrementValues([entry, entry], { type: 'Increment Values', token: '{n}', start: '1', fields: counted });
  const next: Record<string, FormValue> = { ...copy, description: '' };
  for (const field of CAMERA_ROW_FIELDS) {
    if (counted.includes(field.identifier) && !WHOLE_NUMBER.test(text(entry[field.identifier])))
      next[field.identifier] = fieldDefault(field);
  }
  return rowFromEntry({ id, adminURL: previous.adminURL }, next);
}
