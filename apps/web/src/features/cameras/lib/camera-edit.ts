import { cameraEditBodySchema, type CameraEditBody, type CameraStatus } from '@vigil/contract';

/** What the camera settings form holds: the camera's name and connection, a new password, or clearing it. */
export interface CameraForm {
  name: string;
  protocol: 'rtsp' | 'rtsps';
  host: string;
  port: string;
  path: string;
  username: string;
  password: string;
  clearPassword: boolean;
}

export type Connection = NonNullable<CameraStatus['connection']>;

export function cameraForm(camera: Pick<CameraStatus, 'description'>, connection: Connection): CameraForm {
  return {
    name: camera.description,
    protocol: connection.protocol,
    host: connection.host,
    port: String(connection.port),
    path: connection.path,
    username: connection.username ?? '',
    password: '',
    clearPassword: false,
  };
}

/**
 * The change to send for a filled-in form: only what differs from the camera (a blank password keeps the stored one),
 * checked against the contract. `null` changes: nothing differs.
 */
export function cameraChanges(
  camera: Pick<CameraStatus, 'description'>,
  connection: Connection,
  form: CameraForm,
): { ok: true; changes: CameraEditBody | null } | { ok: false; error: string } {
  const changes: Record<string, unknown> = {};
  if (form.name.trim() !== camera.description) changes.name = form.name;
  if (form.protocol !== connection.protocol) changes.protocol = form.protocol;
  if (form.host.trim() !== connection.host) changes.host = form.host;
  if (form.port.trim() !== String(connection.port)) changes.port = form.port.trim() === '' ? Number.NaN : Number(form.port);
  if (form.path.trim() !== connection.path) changes.path = form.path;
  const username = form.username.trim() === '' ? null : form.username;
  if (username !== connection.username) changes.username = username;
  if (form.clearPassword) {
    if (connection.has_password) changes.password = '';
  } else if (form.password !== '') changes.password = form.password;
  if (Object.keys(changes).length === 0) return { ok: true, changes: null };
  const parsed = cameraEditBodySchema.safeParse(changes);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    return { ok: false, error: field ? `${FIELD_NAMES[field] ?? field}: ${issue.message}` : issue.message };
  }
  return { ok: true, changes: parsed.data };
}

const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  protocol: 'Protocol',
  host: 'Address',
  port: 'Port',
  path: 'Stream path',
  username: 'User name',
  password: 'Password',
};
