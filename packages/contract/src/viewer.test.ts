import { describe, expect, it } from 'vitest';
import {
  formatUtc,
  isStillUploading,
  locateInPlaylist,
  parseViewerTimestamp,
  pickCameraId,
  playlistNeedsMore,
  resolveViewerCamera,
} from './viewer.js';

const A = '3f2c8a4e-9b1d-4c7e-8f00-123456789abc';
const B = '0b6e2d1a-5c4f-4e3b-9a21-fedcba987654';
const C = 'c0ffee00-1234-4abc-8def-0123456789ab';

describe('pickCameraId (spec part 1 §5: a route camera id counts only when it is a UUID)', () => {
  it('keeps a valid UUID from the list', () => {
    expect(pickCameraId(B, [A, B])).toBe(B);
    expect(pickCameraId(A.toUpperCase(), [A.toUpperCase(), B])).toBe(A.toUpperCase());
  });

  it('falls back to the first camera for a UUID not in the list', () => {
    expect(pickCameraId(C, [A, B])).toBe(A);
  });

  it('falls back to the first camera for something that is not a UUID, even when listed', () => {
    expect(pickCameraId('lobby', [A, B])).toBe(A);
    expect(pickCameraId('lobby', ['lobby', A])).toBe('lobby');
    expect(pickCameraId(`${B}x`, [A, B, `${B}x`])).toBe(A);
    expect(pickCameraId(B.replace(/-/g, ''), [A, B])).toBe(A);
  });

  it('falls back to the first camera when none is given', () => {
    expect(pickCameraId(undefined, [B, A])).toBe(B);
    expect(pickCameraId('', [B, A])).toBe(B);
  });

  it('is undefined with no cameras', () => {
    expect(pickCameraId(A, [])).toBeUndefined();
    expect(pickCameraId(undefined, [])).toBeUndefined();
  });
});

describe('resolveViewerCamera (the camera /view/:cameraId shows)', () => {
  const OTHER = '7e57ab1e-0000-4000-8000-0000000000d1';
  const known = new Set([A, B, OTHER]);
  const current = [A, B];

  it("shows the route's camera when it is one of the user's, in any building", () => {
    expect(resolveViewerCamera(B, known, current, A)).toBe(B);
    expect(resolveViewerCamera(OTHER, known, current, B)).toBe(OTHER);
  });

  it("waits for the user's buildings before judging a route camera (it may be another building's)", () => {
    expect(resolveViewerCamera(OTHER, null, current, B)).toBeUndefined();
    expect(resolveViewerCamera(undefined, null, current, B)).toBe(B);
  });

  it("falls back to the building's first camera for an unknown or malformed camera id, not the remembered one", () => {
    expect(resolveViewerCamera(C, known, current, B)).toBe(A);
    expect(resolveViewerCamera('lobby', known, current, B)).toBe(A);
  });

  it('without a camera in the route, shows the remembered camera of the building, else its first', () => {
    expect(resolveViewerCamera(undefined, known, current, B)).toBe(B);
    expect(resolveViewerCamera(undefined, known, current, OTHER)).toBe(A);
    expect(resolveViewerCamera(undefined, known, current, null)).toBe(A);
  });

  it('is undefined when the building has no cameras', () => {
    expect(resolveViewerCamera(C, known, [], B)).toBeUndefined();
  });
});

describe('parseViewerTimestamp (spec part 1 §4)', () => {
  const now = new Date('2026-11-22T12:00:30.500Z');
  const oneMinuteAgo = new Date('2026-11-22T11:59:30.500Z');

  it("'live' plays live video when the user may view live", () => {
    expect(parseViewerTimestamp('live', now, true)).toEqual({ mode: 'live' });
  });

  it("'live' without permission plays the archive from one minute ago", () => {
    expect(parseViewerTimestamp('live', now, false)).toEqual({ mode: 'archive', at: oneMinuteAgo });
  });

  it('a valid UTC time plays the archive at that instant', () => {
    expect(parseViewerTimestamp('2026-11-22T05:31:00Z', now, true)).toEqual({ mode: 'archive', at: new Date('2026-11-22T05:31:00Z') });
    expect(parseViewerTimestamp('2026-11-22T05:31:00.250Z', now, false)).toEqual({
      mode: 'archive',
      at: new Date(Date.UTC(2026, 10, 22, 5, 31, 0, 250)),
    });
    expect(parseViewerTimestamp('2024-02-29T23:59:59Z', now, true)).toEqual({ mode: 'archive', at: new Date('2024-02-29T23:59:59Z') });
  });

  it('anything else, or nothing, falls back to exactly one minute before now', () => {
    for (const raw of [
      undefined,
      '',
      'LIVE',
      'yesterday',
      '1795326040',
      '2026-11-22',
      '2026-11-22T05:31:00',
      '2026-11-22T05:31:00+01:00',
      '2026-11-22 05:31:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-22T25:00:00Z',
      '2026-11-22T05:61:00Z',
      '2026-02-30T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-11-22T24:00:00Z',
    ]) {
      const moment = parseViewerTimestamp(raw, now, true);
      expect(moment, String(raw)).toEqual({ mode: 'archive', at: oneMinuteAgo });
      if (moment.mode === 'archive') expect(now.getTime() - moment.at.getTime()).toBe(60_000);
    }
  });
});

describe('formatUtc', () => {
  it('writes UTC without milliseconds', () => {
    expect(formatUtc(new Date('2026-11-22T05:31:00.999Z'))).toBe('2026-11-22T05:31:00Z');
    expect(formatUtc(new Date('2026-11-22T05:31:07Z'))).toBe('2026-11-22T05:31:07Z');
  });

  it('round-trips through parseViewerTimestamp', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(parseViewerTimestamp(formatUtc(at), new Date(), true)).toEqual({ mode: 'archive', at });
  });
});

describe('isStillUploading (archive retry for timestamps under 180 s old)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('is true under 180 seconds and false from 180 seconds on', () => {
    expect(isStillUploading(ago(0), now)).toBe(true);
    expect(isStillUploading(ago(179), now)).toBe(true);
    expect(isStillUploading(ago(179.999), now)).toBe(true);
    expect(isStillUploading(ago(180), now)).toBe(false);
    expect(isStillUploading(ago(181), now)).toBe(false);
    expect(isStillUploading(ago(3600), now)).toBe(false);
  });
});

describe('playlistNeedsMore (refetch within 2 clips of either end)', () => {
  it('asks for earlier clips at the first two indexes of a long list', () => {
    expect(playlistNeedsMore(0, 10)).toEqual({ before: true, after: false });
    expect(playlistNeedsMore(1, 10)).toEqual({ before: true, after: false });
    expect(playlistNeedsMore(2, 10)).toEqual({ before: false, after: false });
  });

  it('asks for later clips at the last two indexes of a long list', () => {
    expect(playlistNeedsMore(9, 10)).toEqual({ before: false, after: true });
    expect(playlistNeedsMore(8, 10)).toEqual({ before: false, after: true });
    expect(playlistNeedsMore(7, 10)).toEqual({ before: false, after: false });
    expect(playlistNeedsMore(5, 10)).toEqual({ before: false, after: false });
  });

  it('asks for both ways on small lists', () => {
    expect(playlistNeedsMore(0, 1)).toEqual({ before: true, after: true });
    expect(playlistNeedsMore(0, 2)).toEqual({ before: true, after: true });
    expect(playlistNeedsMore(1, 2)).toEqual({ before: true, after: true });
    expect(playlistNeedsMore(1, 3)).toEqual({ before: true, after: true });
    expect(playlistNeedsMore(2, 4)).toEqual({ before: false, after: true });
    expect(playlistNeedsMore(1, 4)).toEqual({ before: true, after: false });
  });
});

describe('locateInPlaylist', () => {
  // 05:00:00-05:01:00, 05:01:00-05:02:00, gap, 05:05:00-05:06:00
  const clips = [
    { start: '2026-11-22T05:00:00Z', duration: 60 },
    { start: '2026-11-22T05:01:00Z', duration: 60 },
    { start: '2026-11-22T05:05:00Z', duration: 60 },
  ];
  const at = (iso: string) => new Date(iso);

  it('finds the clip holding the instant and the offset into it', () => {
    expect(locateInPlaylist(clips, at('2026-11-22T05:00:12.500Z'))).toEqual({ index: 0, offsetSeconds: 12.5 });
    expect(locateInPlaylist(clips, at('2026-11-22T05:01:59Z'))).toEqual({ index: 1, offsetSeconds: 59 });
    expect(locateInPlaylist(clips, at('2026-11-22T05:05:30Z'))).toEqual({ index: 2, offsetSeconds: 30 });
  });

  it('starts a clip at offset 0 exactly at its start', () => {
    expect(locateInPlaylist(clips, at('2026-11-22T05:00:00Z'))).toEqual({ index: 0, offsetSeconds: 0 });
    expect(locateInPlaylist(clips, at('2026-11-22T05:01:00Z'))).toEqual({ index: 1, offsetSeconds: 0 });
  });

  it('in a gap, or before the first clip, moves to the next clip at offset 0', () => {
    expect(locateInPlaylist(clips, at('2026-11-22T05:02:00Z'))).toEqual({ index: 2, offsetSeconds: 0 });
    expect(locateInPlaylist(clips, at('2026-11-22T05:03:30Z'))).toEqual({ index: 2, offsetSeconds: 0 });
    expect(locateInPlaylist(clips, at('2026-11-22T04:59:00Z'))).toEqual({ index: 0, offsetSeconds: 0 });
  });

  it('is null after the end of the last clip, and for an empty list', () => {
    expect(locateInPlaylist(clips, at('2026-11-22T05:06:00Z'))).toBeNull();
    expect(locateInPlaylist(clips, at('2026-11-22T06:00:00Z'))).toBeNull();
    expect(locateInPlaylist([], at('2026-11-22T05:00:00Z'))).toBeNull();
  });
});
