import { describe, expect, it } from 'vitest';
import { deriveCameraCategory, deriveCameraFloor, pickCurrentDomain, sortCameras, type Camera } from './domains.js';

describe('deriveCameraCategory', () => {
  it.each([
    ['Stairwell A Floor 2', 'Stairwell'],
    ['Back stairs', 'Stairwell'],
    ['Stair 3', 'Stairwell'],
    ['Main Staircase', 'Stairwell'],
    ['Hallway Floor 1 East', 'Hallway'],
    ['Corridor 3', 'Hallway'],
    ['Front Entrance Outdoor', 'Outdoor'],
    ['Parking Lot', 'Outdoor'],
    ['Courtyard', 'Outdoor'],
    ['Elevator Car 1', 'Elevator Car'],
    ['Lift 2', 'Elevator Car'],
    ['Elevator Banks Lobby Floor 1', 'Elevator Banks'],
    ['Elevator Lobby 3', 'Elevator Banks'],
    ['North Wing Lounge', 'North Wing'],
    ['west wing nurse station', 'West Wing'],
    ['  East   Wing Dining', 'East Wing'],
    ['Wing B Lounge', 'Wing B'],
    ['Dining Room', 'Other'],
    ['', 'Other'],
  ])('%j -> %j', (description, category) => {
    expect(deriveCameraCategory(description)).toBe(category);
  });

  it('lets a place kind win over a wing prefix', () => {
    expect(deriveCameraCategory('North Wing Stairwell')).toBe('Stairwell');
    expect(deriveCameraCategory('West Wing Hallway')).toBe('Hallway');
  });

  it('does not read a word that merely starts with "stair" or "wing" as a category', () => {
    expect(deriveCameraCategory('Stairmaster Gym')).toBe('Other');
    expect(deriveCameraCategory('Wingate Entrance')).toBe('Other');
    expect(deriveCameraCategory('Old Wingfield Room')).toBe('Other');
  });

  it('only takes a wing at the start of the description', () => {
    expect(deriveCameraCategory('Lounge near North Wing')).toBe('Other');
  });
});

describe('deriveCameraFloor', () => {
  it.each([
    ['Floor 2', 2],
    ['Stairwell A Floor 2', 2],
    ['Hallway floor 12 East', 12],
    ['3rd Floor', 3],
    ['1st floor lounge', 1],
    ['Level 4', 4],
    ['Fl. 5 Nurse Station', 5],
    ['F4 Lobby', 4],
    ['Floor -1 Garage', -1],
    ['Lobby', null],
    ['Camera 7', null],
    ['', null],
  ])('%j -> %j', (description, floor) => {
    expect(deriveCameraFloor(description)).toBe(floor);
  });

  it('takes the floor number, not another number in the description', () => {
    expect(deriveCameraFloor('Camera 12 Floor 3')).toBe(3);
    expect(deriveCameraFloor('Cam 9 on 2nd Floor')).toBe(2);
  });
});

function camera(uuid: string, label: string | null, floor: number | null, description = 'Camera'): Camera {
  return { uuid, label, floor, description, category: 'Other' };
}
const order = (cameras: readonly Camera[]) => sortCameras(cameras).map((c) => c.uuid);

describe('sortCameras', () => {
  it('sorts by label with missing labels last', () => {
    expect(order([camera('none', null, 1), camera('b', 'B', 1), camera('a', 'A', 1)])).toEqual(['a', 'b', 'none']);
  });

  it('puts label before floor', () => {
    expect(order([camera('b1', 'B', 1), camera('a9', 'A', 9), camera('none0', null, 0)])).toEqual(['a9', 'b1', 'none0']);
  });

  it('sorts by floor within a label, with missing floors last', () => {
    expect(order([camera('f2', 'A', 2), camera('fnull', 'A', null), camera('f-1', 'A', -1), camera('f10', 'A', 10)])).toEqual([
      'f-1',
      'f2',
      'f10',
      'fnull',
    ]);
  });

  it('puts floor before description', () => {
    expect(order([camera('z1', 'A', 1, 'Zeta'), camera('a2', 'A', 2, 'Alpha')])).toEqual(['z1', 'a2']);
  });

  it('sorts by description when label and floor tie', () => {
    expect(order([camera('d', null, null, 'Delta'), camera('b', null, null, 'bravo'), camera('c', null, null, 'Charlie')])).toEqual([
      'b',
      'c',
      'd',
    ]);
  });

  it('compares numbers inside text numerically', () => {
    expect(order([camera('10', null, null, 'Cam 10'), camera('2', null, null, 'Cam 2'), camera('1', null, null, 'Cam 1')])).toEqual([
      '1',
      '2',
      '10',
    ]);
    expect(order([camera('L10', 'Cam 10', 1), camera('L2', 'Cam 2', 1)])).toEqual(['L2', 'L10']);
  });

  it('returns a new array and leaves its input untouched', () => {
    const input = [camera('b', 'B', 1), camera('a', 'A', 1)];
    const snapshot = structuredClone(input);
    const sorted = sortCameras(input);
    expect(sorted).not.toBe(input);
    expect(input).toEqual(snapshot);
    expect(sorted.map((c) => c.uuid)).toEqual(['a', 'b']);
    expect(sorted[0]).toBe(input[1]);
  });
});

describe('pickCurrentDomain', () => {
  const domains = [
    { uuid: 'd1', cameraUUIDs: ['c1', 'c2'] },
    { uuid: 'd2', cameraUUIDs: ['c3'] },
    { uuid: 'd3', cameraUUIDs: [] },
  ];

  it('keeps the remembered domain when the user still has it, even if the camera is elsewhere', () => {
    expect(pickCurrentDomain(domains, 'd3', null)).toBe('d3');
    expect(pickCurrentDomain(domains, 'd1', 'c3')).toBe('d1');
  });

  it('falls back to the domain holding the current camera when the remembered one is unknown or unset', () => {
    expect(pickCurrentDomain(domains, 'gone', 'c3')).toBe('d2');
    expect(pickCurrentDomain(domains, null, 'c3')).toBe('d2');
    expect(pickCurrentDomain(domains, undefined, 'c2')).toBe('d1');
  });

  it('falls back to the first domain when neither is known', () => {
    expect(pickCurrentDomain(domains, 'gone', 'lost-camera')).toBe('d1');
    expect(pickCurrentDomain(domains, null, null)).toBe('d1');
    expect(pickCurrentDomain(domains, '', '')).toBe('d1');
  });

  it('gives null when the user has no domains', () => {
    expect(pickCurrentDomain([], 'd1', 'c1')).toBeNull();
    expect(pickCurrentDomain([], null, null)).toBeNull();
  });
});
