import { describe, expect, it } from 'vitest';
import { fieldSpan, initialEntry, missingRequiredFields, tokenizedFields } from './form-kit.js';
import { cameraRowIssues, type CameraRowDraft } from './onboarding.js';
import { CAMERA_ROW_FIELDS, cameraRowEntry, newCameraRow, withCameraRowValue } from './onboarding-rows.js';

const ID1 = '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
const ID2 = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';

const lobby = (changes: Partial<CameraRowDraft> = {}): CameraRowDraft => ({
  ...newCameraRow(ID1),
  manufacturer: 'Hikvision',
  gpu: 'local',
  address: '10.0.0.9',
  description: 'Lobby',
  ...changes,
});

describe('the camera row as a form-kit form', () => {
  it('has the fields of the camera step, in order, with their labels', () => {
    expect(CAMERA_ROW_FIELDS.map((f) => f.label)).toEqual([
      'Manufacturer',
      'Type',
      'GPU Type',
      'Address',
      'Port',
      'Channel',
      'Camera number',
      'Description',
      'Username',
      'Password',
      'Streams',
    ]);
  });

  it("channel and camera number take the 'Increment Values' token", () => {
    expect(tokenizedFields(CAMERA_ROW_FIELDS)).toEqual(['channel', 'fname']);
  });

  it('lays out make | type | GPU, address | port | channel and number, description, credentials | streams', () => {
    // Spans fill rows of 12 columns, a field that does not fit starting the next (as a 12-column grid wraps).
    const rows: number[][] = [];
    for (const span of CAMERA_ROW_FIELDS.map(fieldSpan)) {
      const row = rows.at(-1);
      if (row && row.reduce((sum, s) => sum + s, 0) + span <= 12) row.push(span);
      else rows.push([span]);
    }
    expect(rows).toEqual([[4, 4, 4], [4, 4, 2, 2], [12], [4, 4, 4]]);
  });

  it("a new row holds the fields' defaults; the form asks for what cameraRowIssues asks for", () => {
    const first = newCameraRow(ID1);
    expect(cameraRowEntry(first)).toEqual(initialEntry(CAMERA_ROW_FIELDS));
    expect(missingRequiredFields(CAMERA_ROW_FIELDS, cameraRowEntry(first))).toEqual(['manufacturer', 'gpu', 'address', 'description']);
    expect(missingRequiredFields(CAMERA_ROW_FIELDS, cameraRowEntry(lobby()))).toEqual([]);
    expect(cameraRowIssues(lobby()).errors).toEqual([]);
  });
});

describe('withCameraRowValue', () => {
  it('sets one field from what the form holds', () => {
    const row = lobby();
    expect(withCameraRowValue(row, undefined, 'description', 'Front Door')).toEqual({ ...row, description: 'Front Door' });
    expect(withCameraRowValue(row, undefined, 'streams', ['high']).streams).toEqual({ low: false, high: true });
    expect(withCameraRowValue(row, undefined, 'gpu', 'cloud').gpu).toBe('cloud');
    expect(withCameraRowValue(row, undefined, 'manufacturer', 'Sony').manufacturer).toBe('');
    expect(withCameraRowValue(row, undefined, 'type', 'internal').type).toBe('internal');
  });

  it('the camera number follows the previous row while make, type, address and port match it, else 1 (§5)', () => {
    const first = lobby();
    const second = newCameraRow(ID2, first);
    expect(second.fname).toBe('2');
    const moved = withCameraRowValue(second, first, 'address', '10.0.0.10');
    expect(moved.fname).toBe('1');
    expect(withCameraRowValue(moved, first, 'address', '10.0.0.9').fname).toBe('2');
    expect(withCameraRowValue(second, first, 'type', 'internal').fname).toBe('1');
    expect(withCameraRowValue(second, first, 'port', '8554').fname).toBe('1');
    // Other fields leave a number typed by hand alone.
    const typed = withCameraRowValue(second, first, 'fname', '7');
    expect(withCameraRowValue(typed, first, 'description', 'Hall').fname).toBe('7');
  });

  it('keeps what the form does not hold', () => {
    const row = lobby({ adminURL: 'http://10.0.0.9:8080' });
    expect(withCameraRowValue(row, undefined, 'address', '10.0.0.10')).toMatchObject({ id: ID1, adminURL: 'http://10.0.0.9:8080' });
  });
});

describe('an exit row', () => {
  it('stays an exit while its fields change; the row added after it is not one (a door is its own)', () => {
    const door = lobby({ isExit: true });
    expect(withCameraRowValue(door, undefined, 'description', 'Garden door')).toMatchObject({ description: 'Garden door', isExit: true });
    expect(withCameraRowValue(door, undefined, 'address', '10.0.0.10').isExit).toBe(true);
    expect(newCameraRow(ID2, door).isExit).toBeUndefined();
    expect(withCameraRowValue(lobby(), undefined, 'description', 'Hall').isExit).toBeUndefined();
  });
});

describe('newCameraRow after a row', () => {
  it('counts up the fields that take the token and keeps the rest, description emptied', () => {
    const first = lobby({ channel: '4', fname: '9', username: 'admin', password: 'pw', streams: { low: false, high: true } });
    expect(newCameraRow(ID2, first)).toEqual({ ...first, id: ID2, channel: '5', fname: '10', description: '' });
  });
});
