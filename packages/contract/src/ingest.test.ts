import { describe, expect, it } from 'vitest';
import { ANALYZER } from './analyzers.js';
import { createDetectorBodySchema, inferredKeyPurposes, ingestBatchSchema, ingestEventSchema, keyMayCall } from './ingest.js';

const event = {
  camera_uuid: 'c1a00001-0000-4000-8000-00000000a003',
  started_at: '2025-03-01T10:00:00Z',
  objects: [{ name: 'person', confidence: 0.8 }],
};
/** base64 of `bytes` zero bytes (JPEG or not: the schema checks the size, the server the JPEG). */
const base64Of = (bytes: number) => 'AAAA'.repeat(Math.floor(bytes / 3)) + ['', 'AA==', 'AAA='][bytes % 3]!;

describe('the frame of an object event', () => {
  it('is optional: a detector that sends no picture is accepted as before', () => {
    expect(ingestEventSchema.safeParse(event).success).toBe(true);
  });

  it('is accepted as base64 up to the limit', () => {
    const frame = base64Of(ANALYZER.maxEventFrameBytes);
    expect(ingestEventSchema.parse({ ...event, frame }).frame).toBe(frame);
  });

  it('is refused over the limit, with the limit in the message', () => {
    const result = ingestBatchSchema.safeParse({ events: [{ ...event, frame: base64Of(ANALYZER.maxEventFrameBytes + 4) }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['events', 0, 'frame'], message: 'must be a JPEG of at most 256 KiB (base64)' }),
    ]);
  });

  it('is refused when it is not base64', () => {
    const result = ingestEventSchema.safeParse({ ...event, frame: 'not base64!' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['frame'], message: 'must be base64' });
  });
});

describe('machine key purposes', () => {
  it('let each purpose make only its calls', () => {
    expect(keyMayCall(['access_control'], 'access_events')).toBe(true);
    for (const call of ['batch', 'heartbeat', 'gallery', 'model', 'photo_embeddings'] as const)
      expect(keyMayCall(['access_control'], call)).toBe(false);
    expect(keyMayCall(['detector'], 'batch')).toBe(true);
    for (const call of ['access_events', 'heartbeat', 'gallery', 'model', 'photo_embeddings'] as const)
      expect(keyMayCall(['detector'], call)).toBe(false);
    for (const call of ['batch', 'heartbeat', 'gallery', 'model', 'photo_embeddings'] as const)
      expect(keyMayCall(['analyzer'], call)).toBe(true);
    expect(keyMayCall(['analyzer'], 'access_events')).toBe(false);
    expect(keyMayCall(['detector', 'access_control'], 'access_events')).toBe(true);
  });

  it('keep on upgrade the narrowest purposes a key’s use shows', () => {
    const use = { analyzerCalls: false, detections: false, taps: false };
    expect(inferredKeyPurposes({ ...use, taps: true }, 'building')).toEqual(['access_control']);
    expect(inferredKeyPurposes({ ...use, detections: true }, 'building')).toEqual(['detector']);
    expect(inferredKeyPurposes({ ...use, analyzerCalls: true, detections: true }, 'deployment')).toEqual(['analyzer']);
    expect(inferredKeyPurposes({ ...use, detections: true, taps: true }, 'building')).toEqual(['detector', 'access_control']);
    expect(inferredKeyPurposes(use, 'building')).toEqual(['detector']);
    expect(inferredKeyPurposes(use, 'deployment')).toEqual(['analyzer']);
  });

  it('refuse a key made without purposes, with an unknown one or one twice', () => {
    const body = { domain_uuid: '00000000-0000-4000-8000-000000000001', name: 'Door readers' };
    expect(createDetectorBodySchema.safeParse({ ...body, purposes: ['access_control'] }).success).toBe(true);
    for (const purposes of [undefined, [], ['taps'], ['detector', 'detector']])
      expect(createDetectorBodySchema.safeParse({ ...body, purposes }).success).toBe(false);
  });
});
