import { describe, expect, it } from 'vitest';
import { FRESH_SCHEDULER, pickNext, samplingFps, type CameraQueueState, type SchedulerMemory } from './schedule.js';

const camera = (id: string, exit = false, waitingSince: number | null = 0, busy = false): CameraQueueState => ({
  id,
  exit,
  waitingSince,
  busy,
});

/**
 * Cameras that each have a frame waiting again `every` ms after the last was taken (`every` 0: always), served by
 * `workers` workers whose every analysis takes `slot` ms, for `ms`: which camera each pick served, and each camera's
 * longest wait from a frame waiting to its analysis starting.
 */
function simulate(o: {
  cameras: { id: string; exit?: boolean; every?: number }[];
  workers: number;
  slot: number;
  ms: number;
  maxWaitMs: number;
}) {
  const state = new Map(o.cameras.map((c) => [c.id, { ...camera(c.id, c.exit ?? false, 0), every: c.every ?? 0, readyAt: 0 }]));
  const free = Array.from({ length: o.workers }, () => 0);
  const busyUntil = new Map<string, number>();
  let memory: SchedulerMemory = FRESH_SCHEDULER;
  const picks: string[] = [];
  const longest = new Map(o.cameras.map((c) => [c.id, 0]));
  for (let now = 0; now <= o.ms; now += 1) {
    for (const [id, c] of state) {
      if (c.busy && busyUntil.get(id)! <= now) c.busy = false;
      if (c.waitingSince === null && now >= c.readyAt) c.waitingSince = now;
    }
    for (let w = 0; w < free.length; w++) {
      if (free[w]! > now) continue;
      const pick = pickNext([...state.values()], memory, now, o.maxWaitMs);
      if (!pick) break;
      memory = pick.memory;
      const c = state.get(pick.id)!;
      longest.set(pick.id, Math.max(longest.get(pick.id)!, now - c.waitingSince!));
      picks.push(pick.id);
      c.waitingSince = null;
      c.busy = true;
      c.readyAt = now + c.every;
      busyUntil.set(pick.id, now + o.slot);
      free[w] = now + o.slot;
    }
  }
  return { picks, longest };
}

describe('which camera the next free model worker serves', () => {
  it('serves an exit with a frame waiting before the others, even after they waited longer', () => {
    const cameras = [camera('street 1', false, 0), camera('street 2', false, 100), camera('exit', true, 900)];
    expect(pickNext(cameras, FRESH_SCHEDULER, 1000, 5000)?.id).toBe('exit');
  });

  it('shares the rest in a fixed rotation: every busy camera in turn, whatever the moment its frames arrive', () => {
    const { picks } = simulate({ cameras: ['a', 'b', 'c', 'd'].map((id) => ({ id })), workers: 1, slot: 100, ms: 799, maxWaitMs: 5000 });
    expect(picks).toEqual(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd']);
  });

  it('skips a camera whose frame is being analysed (a camera is analysed in order) and one with nothing waiting', () => {
    const cameras = [camera('a', false, 0, true), camera('b', false, null), camera('exit', true, 0, true), camera('c', false, 5)];
    expect(pickNext(cameras, FRESH_SCHEDULER, 10, 5000)?.id).toBe('c');
    expect(pickNext([camera('a', false, null), camera('x', true, 0, true)], FRESH_SCHEDULER, 10, 5000)).toBeNull();
  });

  it('among exits, the one that waited longest goes first', () => {
    expect(pickNext([camera('exit 1', true, 50), camera('exit 2', true, 20)], FRESH_SCHEDULER, 100, 5000)?.id).toBe('exit 2');
  });

  it('starts the rotation afresh when the camera served last is gone', () => {
    const memory = { lastOther: 'gone', lastWasExit: false };
    expect(pickNext([camera('a'), camera('b')], memory, 0, 5000)?.id).toBe('a');
  });

  it('when the others have waited past the bound, exits get every other pick, not all of them', () => {
    const memory = { lastOther: null, lastWasExit: true };
    const cameras = [camera('exit', true, 5_900), camera('street', false, 0)];
    expect(pickNext(cameras, memory, 6_000, 5_000)?.id).toBe('street');
    // the bound not reached yet: the exit again
    expect(pickNext(cameras, memory, 4_000, 5_000)?.id).toBe('exit');
    // after a pick of the others, the exit
    expect(pickNext(cameras, { lastOther: 'street', lastWasExit: false }, 6_000, 5_000)?.id).toBe('exit');
  });

  it('keeps an always-busy exit first while the others wait no longer than the stated bound, maxWait + 2·n·pick', () => {
    const maxWaitMs = 2_000;
    const slot = 300;
    const others = Array.from({ length: 15 }, (_, i) => ({ id: `street ${i + 1}` }));
    for (const workers of [1, 2]) {
      const { picks, longest } = simulate({ cameras: [{ id: 'exit', exit: true }, ...others], workers, slot, ms: 60_000, maxWaitMs });
      const bound = maxWaitMs + 2 * others.length * slot;
      for (const o of others) {
        expect(longest.get(o.id)).toBeLessThanOrEqual(bound);
        expect(picks.filter((p) => p === o.id).length).toBeGreaterThan(0);
      }
      // the exit waits at most one pick beyond the analyses already running (here its own previous frame's)
      expect(longest.get('exit')).toBeLessThanOrEqual(2 * slot);
      // and takes about half of the picks when everything is busy (every other one)
      const share = picks.filter((p) => p === 'exit').length / picks.length;
      expect(share).toBeGreaterThan(0.45);
      expect(share).toBeLessThan(0.55 + (workers - 1) * 0.1);
    }
  });

  it('when the exit has a frame now and then, it is served at once and the others keep their fair shares', () => {
    const others = Array.from({ length: 6 }, (_, i) => ({ id: `hall ${i + 1}` }));
    const { picks, longest } = simulate({
      cameras: [{ id: 'exit', exit: true, every: 1_000 }, ...others],
      workers: 2,
      slot: 250,
      ms: 30_000,
      maxWaitMs: 5_000,
    });
    expect(longest.get('exit')).toBeLessThanOrEqual(250);
    const counts = others.map((o) => picks.filter((p) => p === o.id).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });
});

describe('how often a camera is sampled', () => {
  const settings = { fps: 1, exitFps: 4, exitHoldMs: 3_000 };
  const exit = (motionBeganAt: number | null, lastFaceAt: number | null = null) => ({ exit: true, motionBeganAt, lastFaceAt });

  it('takes an exit faster once motion begins there (someone arriving), for a while', () => {
    expect(samplingFps(exit(10_000), 10_000, settings)).toBe(4);
    expect(samplingFps(exit(10_000), 13_000, settings)).toBe(4);
    expect(samplingFps(exit(10_000), 13_001, settings)).toBe(1);
  });

  it('keeps it fast while faces are seen there, and slows down when they are gone', () => {
    expect(samplingFps(exit(0, 20_000), 22_000, settings)).toBe(4);
    expect(samplingFps(exit(0, 20_000), 23_500, settings)).toBe(1);
  });

  it('takes an exit that moves all the time with no face in it (a street) at the base rate', () => {
    // motion began long ago and never stopped; no face was found
    expect(samplingFps(exit(0), 60_000, settings)).toBe(1);
  });

  it('takes a still exit, and every other camera whatever happens there, at the base rate', () => {
    expect(samplingFps(exit(null), 10_000, settings)).toBe(1);
    expect(samplingFps({ exit: false, motionBeganAt: 10_000, lastFaceAt: 10_000 }, 10_000, settings)).toBe(1);
  });

  it('never takes an exit slower than the others', () => {
    expect(samplingFps(exit(0), 0, { fps: 5, exitFps: 2, exitHoldMs: 1000 })).toBe(5);
  });
});
