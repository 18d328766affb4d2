import { describe, expect, it } from 'vitest';
import {
  ARCHIVE,
  LIVE,
  LONG_CLIP_MAX_SECONDS,
  PLAYBACK_RATES,
  VIDEO_MESSAGES,
  cameraUploadBodySchema,
  cameraUploadRecordSchema,
  clipBodySchema,
  heartbeatDelaySeconds,
  isoUtcSchema,
  validateLongClipRange,
} from './video.js';

const CAMERA = '3f2c8a4e-9b1d-4c7e-8f00-123456789abc';
const DOMAIN = '0b6e2d1a-5c4f-4e3b-9a21-fedcba987654';

describe('validateLongClipRange (spec part 1 §5)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('accepts a range in the past shorter than 2 hours', () => {
    expect(validateLongClipRange(at('2026-11-22T10:30:00Z'), at('2026-11-22T11:00:00Z'), now)).toBeNull();
  });

  it('accepts a range ending exactly now', () => {
    expect(validateLongClipRange(at('2026-11-22T11:00:00Z'), now, now)).toBeNull();
  });

  it('refuses an end in the future', () => {
    expect(validateLongClipRange(at('2026-11-22T11:00:00Z'), at('2026-11-22T12:00:01Z'), now)).toBe(
      'Unfortunately we cannot predict the future!',
    );
  });

  it('refuses a start in the future', () => {
    expect(validateLongClipRange(at('2026-11-22T12:30:00Z'), at('2026-11-22T13:00:00Z'), now)).toBe(VIDEO_MESSAGES.future);
  });

  it('refuses a start after the end', () => {
    expect(validateLongClipRange(at('2026-11-22T11:00:00Z'), at('2026-11-22T10:00:00Z'), now)).toBe(
      'The date and time you selected is logically incorrect.',
    );
  });

  it('refuses an equal start and end as illogical', () => {
    expect(validateLongClipRange(at('2026-11-22T11:00:00Z'), at('2026-11-22T11:00:00Z'), now)).toBe(VIDEO_MESSAGES.illogical);
  });

  it('allows exactly 2 hours and refuses 2 hours and one second', () => {
    expect(LONG_CLIP_MAX_SECONDS).toBe(7200);
    expect(validateLongClipRange(at('2026-11-22T09:00:00Z'), at('2026-11-22T11:00:00Z'), now)).toBeNull();
    expect(validateLongClipRange(at('2026-11-22T08:59:59Z'), at('2026-11-22T11:00:00Z'), now)).toBe('Please select a smaller time range');
  });

  it('checks the future first, then the order, then the length', () => {
    // Backwards and in the future: the future wins.
    expect(validateLongClipRange(at('2026-11-22T14:00:00Z'), at('2026-11-22T13:00:00Z'), now)).toBe(VIDEO_MESSAGES.future);
    // Start in the past, end in the future, longer than 2 hours: still the future.
    expect(validateLongClipRange(at('2026-11-22T01:00:00Z'), at('2026-11-22T12:00:01Z'), now)).toBe(VIDEO_MESSAGES.future);
    // Backwards by more than 2 hours in the past: illogical, not too long.
    expect(validateLongClipRange(at('2026-11-22T11:00:00Z'), at('2026-11-22T01:00:00Z'), now)).toBe(VIDEO_MESSAGES.illogical);
  });
});

describe('heartbeatDelaySeconds (spec part 1 §4: every time_to_live minus 30 s)', () => {
  it('is 30 seconds short of the time to live', () => {
    expect(heartbeatDelaySeconds(600)).toBe(570);
    expect(heartbeatDelaySeconds(570)).toBe(540);
    expect(heartbeatDelaySeconds(60)).toBe(30);
  });

  it('never drops below 5 seconds', () => {
    expect(heartbeatDelaySeconds(35)).toBe(5);
    expect(heartbeatDelaySeconds(34)).toBe(5);
    expect(heartbeatDelaySeconds(30)).toBe(5);
    expect(heartbeatDelaySeconds(0)).toBe(5);
    expect(heartbeatDelaySeconds(36)).toBe(6);
  });

  it('matches the §9 constants', () => {
    expect(LIVE.defaultDuration).toBe(600);
    expect(LIVE.defaultHeartbeat).toBe(570);
    expect(heartbeatDelaySeconds(LIVE.defaultDuration)).toBe(LIVE.defaultHeartbeat);
    expect(LIVE.retryMs).toBe(3000);
    expect(LIVE.attempts).toBe(3);
    expect(LIVE.fallbackStreamSeconds).toBe(3600);
    expect(ARCHIVE).toEqual({ retryMs: 5000, stillUploadingSeconds: 180, defaultAgoSeconds: 60, refetchWithinClips: 2 });
  });
});

describe('isoUtcSchema', () => {
  it('accepts a UTC time with and without milliseconds', () => {
    expect(isoUtcSchema.safeParse('2026-11-22T05:31:00Z').success).toBe(true);
    expect(isoUtcSchema.safeParse('2026-11-22T05:31:00.123Z').success).toBe(true);
  });

  it('refuses offsets, missing zone, missing time and garbage', () => {
    for (const value of [
      '2026-11-22T05:31:00+01:00',
      '2026-11-22T05:31:00-05:00',
      '2026-11-22T05:31:00+00:00',
      '2026-11-22T05:31:00',
      '2026-11-22',
      '05:31:00Z',
      '2026-11-22 05:31:00Z',
      'garbage',
      '',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
    ]) {
      expect(isoUtcSchema.safeParse(value).success, value).toBe(false);
    }
  });

  it('refuses non-strings', () => {
    expect(isoUtcSchema.safeParse(1795326040).success).toBe(false);
    expect(isoUtcSchema.safeParse(null).success).toBe(false);
  });
});

describe('clipBodySchema', () => {
  const body = { camera_uuid: CAMERA, cliptype: 'aligned_clip', timestamp: '2026-11-22T05:31:00Z' };

  it('accepts each known clip type', () => {
    for (const cliptype of ['aligned_clip', 'hd_clip', 'available_aligned_or_short']) {
      expect(clipBodySchema.safeParse({ ...body, cliptype }).success, cliptype).toBe(true);
    }
  });

  it('refuses an unknown clip type, a bad camera id or a non-UTC timestamp', () => {
    expect(clipBodySchema.safeParse({ ...body, cliptype: 'long_clip' }).success).toBe(false);
    expect(clipBodySchema.safeParse({ ...body, cliptype: undefined }).success).toBe(false);
    expect(clipBodySchema.safeParse({ ...body, camera_uuid: 'camera-1' }).success).toBe(false);
    expect(clipBodySchema.safeParse({ ...body, timestamp: '2026-11-22T05:31:00+01:00' }).success).toBe(false);
  });
});

describe('cameraUploadRecordSchema', () => {
  const record = { name: 'Lobby', domainUUID: DOMAIN, host: '10.0.0.20' };

  it('accepts a record with domainUUID and fills port 554, protocol rtsp and path /', () => {
    const parsed = cameraUploadRecordSchema.parse(record);
    expect(parsed.port).toBe(554);
    expect(parsed.protocol).toBe('rtsp');
    expect(parsed.path).toBe('/');
    expect(parsed.domainUUID).toBe(DOMAIN);
  });

  it('accepts domainId in place of domainUUID', () => {
    const parsed = cameraUploadRecordSchema.parse({ name: 'Lobby', domainId: DOMAIN, host: 'cam.example.com' });
    expect(parsed.domainId).toBe(DOMAIN);
  });

  it('requires domainUUID or domainId', () => {
    const result = cameraUploadRecordSchema.safeParse({ name: 'Lobby', host: '10.0.0.20' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.message === 'domainUUID or domainId is required')).toBe(true);
  });

  it('trims the name and refuses a blank one', () => {
    expect(cameraUploadRecordSchema.parse({ ...record, name: '  Lobby East  ' }).name).toBe('Lobby East');
    expect(cameraUploadRecordSchema.safeParse({ ...record, name: '   ' }).success).toBe(false);
  });

  it('keeps explicit values and coerces a numeric port string', () => {
    const parsed = cameraUploadRecordSchema.parse({ ...record, protocol: 'rtsps', port: '8554', path: '/Streaming/Channels/101' });
    expect(parsed).toMatchObject({ protocol: 'rtsps', port: 8554, path: '/Streaming/Channels/101' });
  });

  it('refuses a host with spaces or other junk', () => {
    for (const host of ['10.0.0 .20', 'cam host', 'cam/1', '', 'user@cam']) {
      expect(cameraUploadRecordSchema.safeParse({ ...record, host }).success, host).toBe(false);
    }
    expect(cameraUploadRecordSchema.safeParse({ ...record, host: '[fe80::1]' }).success).toBe(true);
  });

  it('refuses ports 0 and 65536 and accepts 1 and 65535', () => {
    expect(cameraUploadRecordSchema.safeParse({ ...record, port: 0 }).success).toBe(false);
    expect(cameraUploadRecordSchema.safeParse({ ...record, port: 65536 }).success).toBe(false);
    expect(cameraUploadRecordSchema.safeParse({ ...record, port: 1.5 }).success).toBe(false);
    expect(cameraUploadRecordSchema.safeParse({ ...record, port: 1 }).success).toBe(true);
    expect(cameraUploadRecordSchema.safeParse({ ...record, port: 65535 }).success).toBe(true);
  });

  it('refuses a path that does not start with /', () => {
    expect(cameraUploadRecordSchema.safeParse({ ...record, path: 'Streaming/Channels/101' }).success).toBe(false);
    expect(cameraUploadRecordSchema.safeParse({ ...record, path: '/Streaming/Channels/101' }).success).toBe(true);
  });

  it('refuses an unknown protocol', () => {
    expect(cameraUploadRecordSchema.safeParse({ ...record, protocol: 'http' }).success).toBe(false);
  });
});

describe('cameraUploadBodySchema', () => {
  const record = { name: 'Lobby', domainUUID: DOMAIN, host: '10.0.0.20' };

  it('refuses an empty list', () => {
    expect(cameraUploadBodySchema.safeParse([]).success).toBe(false);
  });

  it('accepts 1 to 64 records and refuses 65', () => {
    expect(cameraUploadBodySchema.safeParse([record]).success).toBe(true);
    expect(cameraUploadBodySchema.safeParse(Array.from({ length: 64 }, () => record)).success).toBe(true);
    expect(cameraUploadBodySchema.safeParse(Array.from({ length: 65 }, () => record)).success).toBe(false);
  });

  it('refuses the list when any record is invalid', () => {
    expect(cameraUploadBodySchema.safeParse([record, { ...record, port: 0 }]).success).toBe(false);
  });
});

describe('PLAYBACK_RATES (spec part 1 §9)', () => {
  it('is 10, 5, 2, 1.5, 1, 0.7 in that order', () => {
    expect([...PLAYBACK_RATES]).toEqual([10, 5, 2, 1.5, 1, 0.7]);
  });
});
