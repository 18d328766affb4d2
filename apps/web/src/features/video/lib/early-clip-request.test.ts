import type { ClipReply } from '@vigil/contract';
import { describe, expect, it, vi } from 'vitest';
import { EarlyClipRequest } from './early-clip-request';

const AT = new Date('2026-11-22T05:31:00.400Z');
const REPLY: ClipReply = { ok: true, start: '2026-11-22T05:31:00Z', duration: 60, pre_signed_url: '/media/a.mp4', offset_seconds: 0.4 };

function setup(getClip = vi.fn().mockResolvedValue(REPLY)) {
  let now = 1_000_000;
  const early = new EarlyClipRequest(getClip, () => now);
  return { early, getClip, later: (ms: number) => (now += ms) };
}

describe('EarlyClipRequest', () => {
  it('hands the answer to the same camera and moment once, matching whole seconds as the API sends them', async () => {
    const { early, getClip } = setup();
    early.start('cam', AT);
    expect(getClip).toHaveBeenCalledWith('cam', AT);
    const taken = early.take('cam', new Date('2026-11-22T05:31:00Z'));
    await expect(taken).resolves.toEqual(REPLY);
    expect(early.take('cam', AT)).toBeUndefined();
  });

  it('keeps nothing for another camera or another moment', () => {
    const { early } = setup();
    early.start('cam', AT);
    expect(early.take('other', AT)).toBeUndefined();
    expect(early.take('cam', new Date('2026-11-22T05:31:01Z'))).toBeUndefined();
    expect(early.take('cam', AT)).toBeDefined();
  });

  it('drops an answer nobody took within 10 s', () => {
    const { early, later } = setup();
    early.start('cam', AT);
    later(10_001);
    expect(early.take('cam', AT)).toBeUndefined();
  });

  it('asks once for a moment asked for twice, and keeps only the latest moment', () => {
    const { early, getClip } = setup();
    early.start('cam', AT);
    early.start('cam', AT);
    expect(getClip).toHaveBeenCalledTimes(1);
    const next = new Date('2026-11-22T06:00:00Z');
    early.start('cam', next);
    expect(early.take('cam', AT)).toBeUndefined();
    expect(early.take('cam', next)).toBeDefined();
  });

  it('passes a failure to whoever takes the answer, and none to nobody', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { early } = setup(vi.fn().mockRejectedValue(new Error('offline')));
      early.start('cam', AT);
      await expect(early.take('cam', AT)).rejects.toThrow('offline');
      early.start('cam', new Date('2026-11-22T07:00:00Z'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
