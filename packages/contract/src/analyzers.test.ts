import { describe, expect, it } from 'vitest';
import { assignCameras, fairShares, type CameraLease } from './analyzers.js';

const cams = (n: number) => Array.from({ length: n }, (_, i) => `cam-${String(i).padStart(2, '0')}`);
const A = { id: 'a', capacity: 256 };
const B = { id: 'b', capacity: 256 };
const now = 1_000_000;

describe('fair shares of cameras', () => {
  it('splits the cameras evenly, the remainder to the first by id', () => {
    expect(Object.fromEntries(fairShares(11, [B, A]))).toEqual({ a: 6, b: 5 });
    expect(Object.fromEntries(fairShares(3, [A]))).toEqual({ a: 3 });
  });

  it('fills a small capacity first and gives the rest to the others', () => {
    expect(Object.fromEntries(fairShares(10, [A, { id: 'small', capacity: 2 }, B]))).toEqual({ small: 2, a: 4, b: 4 });
  });

  it('leaves cameras unassigned when all capacity together is too small', () => {
    expect(
      Object.fromEntries(
        fairShares(10, [
          { id: 'x', capacity: 3 },
          { id: 'y', capacity: 4 },
        ]),
      ),
    ).toEqual({ x: 3, y: 4 });
  });

  it('gives nothing to an analyzer of capacity 0', () => {
    expect(Object.fromEntries(fairShares(4, [{ id: 'idle', capacity: 0 }, A]))).toEqual({ idle: 0, a: 4 });
  });
});

describe('camera assignment by expiring leases', () => {
  it('gives a lone analyzer every free camera', () => {
    const result = assignCameras({ analyzer: 'a', cameras: cams(4), leases: [], analyzers: [A], now });
    expect(result).toEqual({ keep: [], take: cams(4), release: [] });
  });

  it('renews what it holds and takes nothing held by another live analyzer', () => {
    const leases: CameraLease[] = [
      { camera: 'cam-00', analyzer: 'a', expiresAt: now + 20_000 },
      { camera: 'cam-01', analyzer: 'b', expiresAt: now + 20_000 },
    ];
    const result = assignCameras({ analyzer: 'a', cameras: cams(2), leases, analyzers: [A, B], now });
    expect(result).toEqual({ keep: ['cam-00'], take: [], release: [] });
  });

  it('takes over the cameras of an analyzer whose leases expired (it died)', () => {
    const leases: CameraLease[] = cams(3).map((camera) => ({ camera, analyzer: 'b', expiresAt: now - 1 }));
    const result = assignCameras({ analyzer: 'a', cameras: cams(3), leases, analyzers: [A], now });
    expect(result.take).toEqual(cams(3));
  });

  it('does not take a camera whose lease expires later, even by a millisecond', () => {
    const leases: CameraLease[] = [{ camera: 'cam-00', analyzer: 'b', expiresAt: now + 1 }];
    expect(assignCameras({ analyzer: 'a', cameras: cams(1), leases, analyzers: [A, B], now }).take).toEqual([]);
  });

  it('releases its surplus when a second analyzer joins, and the newcomer takes it on its next heartbeat', () => {
    let leases: CameraLease[] = cams(11).map((camera) => ({ camera, analyzer: 'a', expiresAt: now + 30_000 }));
    const a = assignCameras({ analyzer: 'a', cameras: cams(11), leases, analyzers: [A, B], now });
    expect(a.keep).toHaveLength(6);
    expect(a.release).toEqual(cams(11).slice(6));
    leases = leases.filter((l) => !a.release.includes(l.camera));
    const b = assignCameras({ analyzer: 'b', cameras: cams(11), leases, analyzers: [A, B], now });
    expect(b.take).toEqual(cams(11).slice(6));
  });

  it('keeps the cameras it holds when it is the only one left, and never exceeds its capacity', () => {
    const small = { id: 'a', capacity: 2 };
    const result = assignCameras({ analyzer: 'a', cameras: cams(5), leases: [], analyzers: [small], now });
    expect(result.take).toEqual(['cam-00', 'cam-01']);
  });

  it('ignores duplicate camera ids', () => {
    const result = assignCameras({ analyzer: 'a', cameras: ['x', 'x', 'y'], leases: [], analyzers: [A], now });
    expect(result.take).toEqual(['x', 'y']);
  });
});
