import { describe, expect, it } from 'vitest';
import { ObjectEventGate, isReportedClass } from './object-events.js';

describe('which objects are reported', () => {
  it('reports people, pets, cars, trucks and bicycles, and no other COCO class', () => {
    expect(['person', 'dog', 'cat', 'car', 'truck', 'bicycle'].every(isReportedClass)).toBe(true);
    expect(['fire hydrant', 'tie', 'bus', 'chair'].some(isReportedClass)).toBe(false);
  });
});

describe('when detections become events', () => {
  it('sends an event when something appears, then once a minute while it moves in view', () => {
    const gate = new ObjectEventGate({ absenceMs: 10_000, repeatMs: 60_000 });
    const sent = Array.from({ length: 130 }, (_, s) => gate.decide(['person'], s * 1000, true));
    expect(sent.flatMap((v, s) => (v ? [s] : []))).toEqual([0, 60, 120]);
  });

  it('sends one event for a still scene looked at again and again (no repeats without movement)', () => {
    const gate = new ObjectEventGate({ absenceMs: 10_000, repeatMs: 60_000 });
    const sent = Array.from({ length: 20 }, (_, i) => gate.decide(['person'], i * 30_000, false));
    expect(sent.filter(Boolean)).toHaveLength(1);
  });

  it('sends at once when a new class joins, and again when one comes back after an absence', () => {
    const gate = new ObjectEventGate({ absenceMs: 10_000, repeatMs: 60_000 });
    expect(gate.decide(['person'], 0, true)).toBe(true);
    expect(gate.decide(['person', 'car'], 1000, true)).toBe(true);
    expect(gate.decide(['person', 'car'], 2000, true)).toBe(false);
    expect(gate.decide([], 5000, true)).toBe(false);
    expect(gate.decide(['car'], 12_000, true)).toBe(false); // the car was seen 10 s ago: a detection that flickered
    expect(gate.decide(['person'], 25_000, true)).toBe(true); // the person was gone for 23 s
  });
});
