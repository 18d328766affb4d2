import { describe, expect, it } from 'vitest';
import { EVENT_DOT_COLOURS, elopementAlertColour, type ElopementAlert, type VigilEvent } from '@vigil/contract';
import { elopementDots, eventDots, placeDots, type TimelineDot } from './event-dots';

const CAM = 'c1a00001-0000-4000-8000-00000000a001';
const OTHER = 'c1a00001-0000-4000-8000-00000000a003';
const T0 = Date.parse('2026-11-22T10:00:00Z');
const view = { start: T0, end: T0 + 1000 * 1000 };
const rows = { event: 40, alert: 26 };

const ev = (camera: string, at: number, objects: string[]) =>
  ({ camera_uuid: camera, info: { started_at: new Date(at).toISOString(), objects } }) as VigilEvent;

describe('eventDots', () => {
  it('keeps the camera on screen and colours by timeline class', () => {
    const dots = eventDots([ev(CAM, T0, ['ssd_dog']), ev(OTHER, T0, ['person']), ev(CAM, T0 + 5000, ['person', 'person'])], CAM);
    expect(dots).toEqual([
      { at: T0, colour: EVENT_DOT_COLOURS.pet, row: 'event' },
      { at: T0 + 5000, colour: EVENT_DOT_COLOURS.group, row: 'event' },
    ]);
  });
});

describe('elopementDots', () => {
  it('colours alerts by their age over 24 hours', () => {
    const alert = { camera_uuid: CAM, event_ts: T0 / 1000 } as ElopementAlert;
    const now = T0 + 6 * 3_600_000;
    expect(elopementDots([alert, { ...alert, camera_uuid: OTHER }], CAM, now)).toEqual([
      { at: T0, colour: elopementAlertColour(T0, now), row: 'alert' },
    ]);
  });
});

describe('placeDots', () => {
  it('puts a dot at its time across the width, in its row', () => {
    const dots: TimelineDot[] = [
      { at: T0 + 250_000, colour: 'red', row: 'event' },
      { at: T0 + 500_000, colour: 'blue', row: 'alert' },
    ];
    expect(placeDots(dots, view, 1000, rows, 3)).toEqual([
      { x: 250, y: 40, colour: 'red' },
      { x: 500, y: 26, colour: 'blue' },
    ]);
  });

  it('leaves out dots off screen, and draws one per pixel, row and colour', () => {
    const dots: TimelineDot[] = [
      { at: T0 - 10_000, colour: 'red', row: 'event' },
      { at: T0 + 2_000_000, colour: 'red', row: 'event' },
      { at: T0 + 100_000, colour: 'red', row: 'event' },
      { at: T0 + 100_300, colour: 'red', row: 'event' },
      { at: T0 + 100_300, colour: 'green', row: 'event' },
      { at: T0 + 100_300, colour: 'red', row: 'alert' },
    ];
    expect(placeDots(dots, view, 1000, rows, 3)).toEqual([
      { x: 100, y: 40, colour: 'red' },
      { x: 100, y: 40, colour: 'green' },
      { x: 100, y: 26, colour: 'red' },
    ]);
  });

  it('keeps a dot whose circle still reaches into the canvas at an edge', () => {
    expect(placeDots([{ at: T0 - 2_000, colour: 'red', row: 'event' }], view, 1000, rows, 3)).toHaveLength(1);
  });
});
