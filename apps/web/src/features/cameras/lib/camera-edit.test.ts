import { describe, expect, it } from 'vitest';
import { cameraChanges, cameraForm, type Connection } from './camera-edit';

const camera = { description: 'Back Door Floor 1' };
const connection: Connection = {
  protocol: 'rtsp',
  host: '192.168.1.20',
  port: 554,
  path: '/Streaming/Channels/101',
  username: 'admin',
  has_password: true,
};
const form = cameraForm(camera, connection);

describe('cameraChanges', () => {
  it('sends nothing for an untouched form (a blank password keeps the stored one)', () => {
    expect(cameraChanges(camera, connection, form)).toEqual({ ok: true, changes: null });
  });

  it('sends only what differs, with the port as a number', () => {
    expect(cameraChanges(camera, connection, { ...form, name: 'Back Door', port: '8554' })).toEqual({
      ok: true,
      changes: { name: 'Back Door', port: 8554 },
    });
  });

  it('sends a new password, or an empty one to clear it, and a blank user name as none', () => {
    expect(cameraChanges(camera, connection, { ...form, password: 's3cret' })).toEqual({ ok: true, changes: { password: 's3cret' } });
    expect(cameraChanges(camera, connection, { ...form, password: 'ignored', clearPassword: true, username: ' ' })).toEqual({
      ok: true,
      changes: { password: '', username: null },
    });
    expect(cameraChanges(camera, { ...connection, has_password: false }, { ...form, clearPassword: true })).toEqual({
      ok: true,
      changes: null,
    });
  });

  it('refuses what the server would refuse, naming the field', () => {
    expect(cameraChanges(camera, connection, { ...form, name: '  ' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Name: /),
    });
    expect(cameraChanges(camera, connection, { ...form, host: 'evil host' })).toEqual({
      ok: false,
      error: 'Address: host must be a host name or IP address',
    });
    expect(cameraChanges(camera, connection, { ...form, port: '70000' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Port: /),
    });
    expect(cameraChanges(camera, connection, { ...form, port: '' })).toMatchObject({ ok: false, error: expect.stringMatching(/^Port: /) });
    expect(cameraChanges(camera, connection, { ...form, path: 'stream' })).toEqual({
      ok: false,
      error: 'Stream path: path must start with /',
    });
  });
});
