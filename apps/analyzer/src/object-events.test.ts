import { ANALYZER, ingestEventSchema } from '@vigil/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EVENT_PICTURE, ObjectEventGate, isReportedClass, objectEvent } from './object-events.js';

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

describe('the event sent', () => {
  /** A 640x360 frame as the analyzer analyses it (RGB), with a gradient so the JPEG is not trivially small. */
  const frame = (() => {
    const width = 640;
    const height = 360;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i += 1) rgb.set([(i % width) % 256, Math.floor(i / width) % 256, 128], i * 3);
    return { rgb, width, height, capturedAt: Date.parse('2025-03-01T10:00:00.250Z') };
  })();
  const person = { label: 'person', confidence: 0.87654, box: { x: 0.1, y: 0.2, w: 0.3, h: 0.6 } };

  it('carries the frame its objects were seen in: a small JPEG, as wide as the server cuts event pictures', async () => {
    const event = await objectEvent('c1a00001-0000-4000-8000-00000000a003', frame, [person]);
    expect(event).toMatchObject({
      source_id: `c1a00001-0000-4000-8000-00000000a003:${frame.capturedAt}`,
      camera_uuid: 'c1a00001-0000-4000-8000-00000000a003',
      started_at: '2025-03-01T10:00:00.250Z',
      objects: [{ name: 'person', confidence: 0.877, box: person.box }],
    });
    const jpeg = Buffer.from(event.frame!, 'base64');
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: EVENT_PICTURE.width, height: 180 });
    expect(jpeg.length).toBeLessThan(ANALYZER.maxEventFrameBytes / 8);
    // What the server's schema accepts (size and base64), so the batch is not refused for its picture.
    expect(ingestEventSchema.safeParse(event).success).toBe(true);
  });

  it('keeps a frame narrower than a thumbnail at its own size', async () => {
    const small = { rgb: new Uint8Array(160 * 90 * 3).fill(90), width: 160, height: 90, capturedAt: frame.capturedAt };
    const event = await objectEvent('c1a00001-0000-4000-8000-00000000a003', small, [person]);
    expect(await sharp(Buffer.from(event.frame!, 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
  });
});
