import { describe, expect, it } from 'vitest';
import {
  EVENTS_MESSAGES,
  alertCategoryOf,
  describeObjects,
  eventClassOf,
  eventClassOfObjects,
  mergeDetections,
  removeDetectorPrefix,
  timelineClassNameOf,
  validateEventSearchRange,
} from './events.js';

describe('removeDetectorPrefix', () => {
  it("removes the detector's ssd_ prefix and nothing else", () => {
    expect(removeDetectorPrefix('ssd_person')).toBe('person');
    expect(removeDetectorPrefix('person')).toBe('person');
    expect(removeDetectorPrefix('my_ssd_thing')).toBe('my_ssd_thing');
  });
});

describe('event class mapping (§5)', () => {
  it('maps pet, car and truck (vehicle), box, and everything else to person', () => {
    expect(eventClassOf('pet')).toBe('pet');
    expect(eventClassOf('ssd_dog')).toBe('pet');
    expect(eventClassOf('car')).toBe('vehicle');
    expect(eventClassOf('ssd_truck')).toBe('vehicle');
    expect(eventClassOf('box')).toBe('box');
    expect(eventClassOf('person')).toBe('person');
    expect(eventClassOf('bicycle')).toBe('person');
  });
  it('gives an event of several objects the first non-person class', () => {
    expect(eventClassOfObjects(['person', 'ssd_pet'])).toBe('pet');
    expect(eventClassOfObjects(['person', 'person'])).toBe('person');
  });
  it('names the timeline classes: alarm, bicycle, pet, group, person', () => {
    expect(timelineClassNameOf(['bicycle', 'person'])).toBe('bicycle');
    expect(timelineClassNameOf(['person', 'ssd_person'])).toBe('group');
    expect(timelineClassNameOf(['dog'])).toBe('pet');
    expect(timelineClassNameOf(['alarm'])).toBe('alarm');
    expect(timelineClassNameOf(['person'])).toBe('person');
  });
  it('puts every event in one alert category', () => {
    expect(alertCategoryOf(['person'])).toBe('Other');
    expect(alertCategoryOf(['person', 'person', 'person'])).toBe('Crowd');
    expect(alertCategoryOf(['ssd_dog'])).toBe('Pet');
    expect(alertCategoryOf(['truck'])).toBe('Vehicle');
    expect(alertCategoryOf(['bicycle'])).toBe('Bike');
    expect(alertCategoryOf(['box'])).toBe('Delivery');
    expect(alertCategoryOf(['face'])).toBe('Faces');
    expect(alertCategoryOf(['person', 'knife'])).toBe('Contraband');
  });
  it('describes objects for people', () => {
    expect(describeObjects(['ssd_person'])).toBe('Person detected');
    expect(describeObjects(['person', 'person', 'car'])).toBe('2 persons and car detected');
  });
});

describe('event search range (§5)', () => {
  it("refuses a start later than the end with the spec's text", () => {
    expect(validateEventSearchRange(new Date('2026-01-02'), new Date('2026-01-01'))).toBe(EVENTS_MESSAGES.badRange);
    expect(EVENTS_MESSAGES.badRange).toBe('Error: start time cannot be later than end time.');
    expect(validateEventSearchRange(new Date('2026-01-01'), new Date('2026-01-01'))).toBeNull();
    expect(validateEventSearchRange(1, 2)).toBeNull();
  });
});

describe('detection merging (§5)', () => {
  const at = (cameraId: string, minute: number, id = `${cameraId}${minute}`) => ({ id, cameraId, timestamp: minute * 60_000 });
  it('merges detections of one camera within 300 s of the previous one under the newest', () => {
    const groups = mergeDetections([at('a', 0), at('a', 4), at('a', 8), at('a', 14), at('b', 5)]);
    expect(groups.map((g) => [g.parent.id, g.children.map((c) => c.id)])).toEqual([
      ['a14', []],
      ['a8', ['a4', 'a0']],
      ['b5', []],
    ]);
  });
  it('chains from the previous detection, not from the first, and keeps exactly 300 s inside', () => {
    const groups = mergeDetections([at('a', 0), at('a', 5), at('a', 10), at('a', 15.1)]);
    expect(groups.map((g) => g.children.length + 1)).toEqual([1, 3]);
  });
  it('never merges across cameras, whatever the order of the input', () => {
    const groups = mergeDetections([at('b', 1), at('a', 0), at('a', 2), at('b', 3)]);
    expect(groups).toHaveLength(2);
    expect(groups.every((g) => g.children.every((c) => c.cameraId === g.parent.cameraId))).toBe(true);
  });
});
