import { describe, expect, it } from 'vitest';
import { MotionGate, greyThumbnail } from './motion.js';

const W = 160;
const H = 90;
/** A grey frame with optional filled rectangles of another shade. */
function frame(shade: number, rects: { x: number; y: number; w: number; h: number; shade: number }[] = []): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(shade);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) rgb.fill(r.shade, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return rgb;
}
/** A "clock" in the corner whose digits change at every frame. */
const clock = (i: number) => ({ x: 130, y: 80, w: 28, h: 8, shade: i % 2 === 0 ? 255 : 0 });

describe('the grey thumbnail', () => {
  it('averages blocks of the frame into cells', () => {
    const thumb = greyThumbnail(frame(100, [{ x: 0, y: 0, w: 80, h: 45, shade: 200 }]), W, H, 4, 2);
    expect(Array.from(thumb, Math.round)).toEqual([200, 200, 100, 100, 100, 100, 100, 100]);
  });
});

describe('the motion gate', () => {
  it('analyses the first frame, then nothing while the scene is still but once per refresh period', () => {
    const gate = new MotionGate({ refreshMs: 30_000 });
    expect(gate.check(frame(90), W, H, 0)).toMatchObject({ analyse: true, reason: 'first' });
    for (let t = 1000; t < 30_000; t += 1000) expect(gate.check(frame(90), W, H, t).analyse).toBe(false);
    expect(gate.check(frame(90), W, H, 30_000)).toMatchObject({ analyse: true, reason: 'refresh' });
  });

  it('passes a person walking through, and a couple of frames after they stopped moving', () => {
    const gate = new MotionGate({ hangoverFrames: 2 });
    gate.check(frame(90), W, H, 0);
    gate.check(frame(90), W, H, 1000);
    const walker = (x: number) => frame(90, [{ x, y: 20, w: 12, h: 40, shade: 30 }]);
    expect(gate.check(walker(20), W, H, 2000)).toMatchObject({ analyse: true, reason: 'motion' });
    expect(gate.check(walker(50), W, H, 3000)).toMatchObject({ analyse: true, reason: 'motion' });
    // Standing still at 50: the background catches up over a few frames; the hangover covers the first still ones.
    const verdicts = [4000, 5000, 6000, 7000, 8000, 9000, 10_000, 11_000, 12_000].map((t) => gate.check(walker(50), W, H, t));
    expect(verdicts.some((v) => v.reason === 'hangover')).toBe(true);
    expect(verdicts.at(-1)!.analyse).toBe(false);
  });

  it('learns a burnt-in clock that changes every frame, and stops analysing for it, yet still sees a person', () => {
    const gate = new MotionGate({ refreshMs: 1e9 });
    const verdicts = Array.from({ length: 60 }, (_, i) => gate.check(frame(90, [clock(i)]), W, H, i * 1000));
    expect(verdicts.slice(40).every((v) => !v.analyse)).toBe(true);
    const person = gate.check(frame(90, [clock(60), { x: 40, y: 20, w: 14, h: 40, shade: 20 }]), W, H, 60_000);
    expect(person).toMatchObject({ analyse: true, reason: 'motion' });
  });

  it('ignores sensor noise below the threshold', () => {
    const gate = new MotionGate({ refreshMs: 1e9 });
    gate.check(frame(90), W, H, 0);
    for (let i = 1; i < 20; i++) expect(gate.check(frame(90 + (i % 3) * 4), W, H, i * 1000).analyse).toBe(false);
  });
});
