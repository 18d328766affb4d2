import { VIDEO_MESSAGES, type Clip } from '@vigil/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAllTimers } from '../../../lib/timers';
import { ArchiveController, type ArchiveApi } from './archive-controller';

const BASE = Date.parse('2026-11-22T05:00:00Z');
const clip = (minute: number): Clip => ({
  start: new Date(BASE + minute * 60_000).toISOString().replace('.000Z', 'Z'),
  duration: 60,
  pre_signed_url: `/media/clip-${minute}.mp4`,
});
/** The server's playlist: up to 3 clips either side of `at`, among the minutes in `recorded`. */
const playlist = (recorded: number[]) => (_camera: string, at: Date) => {
  const minute = Math.floor((at.getTime() - BASE) / 60_000);
  return Promise.resolve(recorded.filter((m) => Math.abs(m - minute) <= 3).map(clip));
};

afterEach(() => {
  clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(api: Partial<ArchiveApi>, now = new Date(BASE + 3_600_000)) {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const shown: [string, number][] = [];
  const full: ArchiveApi = {
    getClip: api.getClip ?? vi.fn(),
    getClips: api.getClips ?? vi.fn().mockResolvedValue([]),
  };
  const controller = new ArchiveController(
    'cam',
    full,
    { show: (c, offset) => shown.push([c.pre_signed_url, offset]) },
    undefined,
    () => now,
  );
  return { controller, shown, api: full };
}

describe('ArchiveController', () => {
  it('plays the clip at its offset, then fetches the playlist and plays the next clip when one ends', async () => {
    const recorded = [10, 11, 12, 13, 14, 15, 16, 17, 18];
    const { controller, shown, api } = setup({
      getClip: vi.fn().mockResolvedValue({ ok: true, ...clip(12), offset_seconds: 30 }),
      getClips: vi.fn(playlist(recorded)),
    });
    controller.seek(new Date(BASE + 12.5 * 60_000));
    expect(controller.state.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([['/media/clip-12.mp4', 30]]);
    expect(controller.state.status).toBe('playing');
    // Index 0 of a one-clip list is within 2 of both ends: the playlist is fetched around it.
    expect(api.getClips).toHaveBeenCalled();
    expect(controller.state.clips.length).toBe(6);
    expect(controller.currentClip?.pre_signed_url).toBe('/media/clip-12.mp4');
    controller.next();
    expect(shown.at(-1)).toEqual(['/media/clip-13.mp4', 0]);
    controller.previous();
    controller.previous();
    expect(shown.at(-1)).toEqual(['/media/clip-11.mp4', 0]);
  });

  it('seeks inside the loaded playlist without asking the server again', async () => {
    const { controller, shown, api } = setup({
      getClip: vi.fn().mockResolvedValue({ ok: true, ...clip(12), offset_seconds: 0 }),
      getClips: vi.fn(playlist([10, 11, 12, 13, 14])),
    });
    expect(controller.holds(new Date(BASE + 12 * 60_000))).toBe(false);
    controller.seek(new Date(BASE + 12 * 60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.holds(new Date(BASE + 14 * 60_000 + 15_000))).toBe(true);
    expect(controller.holds(new Date(BASE + 15 * 60_000))).toBe(false);
    controller.seek(new Date(BASE + 14 * 60_000 + 15_000));
    expect(shown.at(-1)).toEqual(['/media/clip-14.mp4', 15]);
    expect(api.getClip).toHaveBeenCalledTimes(1);
  });

  it('shows still uploading for a recent instant and retries after 5 s', async () => {
    const now = new Date(BASE + 60 * 60_000);
    const getClip = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, err: 'Still recording.', reason: 'still_recording' })
      .mockResolvedValue({ ok: true, ...clip(59), offset_seconds: 0 });
    const { controller, shown } = setup({ getClip }, now);
    controller.seek(new Date(now.getTime() - 60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.state).toMatchObject({ status: 'uploading', message: VIDEO_MESSAGES.stillUploading });
    await vi.advanceTimersByTimeAsync(4999);
    expect(getClip).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getClip).toHaveBeenCalledTimes(2);
    expect(shown).toEqual([['/media/clip-59.mp4', 0]]);
  });

  it("shows the server's err text for older instants and does not retry", async () => {
    const getClip = vi.fn().mockResolvedValue({ ok: false, err: 'There is no recording at this time.', reason: 'no_recording' });
    const { controller } = setup({ getClip });
    controller.seek(new Date(BASE));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(controller.state).toMatchObject({ status: 'error', message: 'There is no recording at this time.' });
    expect(getClip).toHaveBeenCalledTimes(1);
  });

  it('waits at the newest clip until the next one is uploaded', async () => {
    let recorded = [10, 11];
    const { controller, shown } = setup({
      getClip: vi.fn().mockResolvedValue({ ok: true, ...clip(11), offset_seconds: 0 }),
      getClips: vi.fn((camera: string, at: Date) => playlist(recorded)(camera, at)),
    });
    controller.seek(new Date(BASE + 11 * 60_000));
    await vi.advanceTimersByTimeAsync(0);
    controller.next();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.state.status).toBe('uploading');
    recorded = [10, 11, 12];
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown.at(-1)).toEqual(['/media/clip-12.mp4', 0]);
    expect(controller.state.status).toBe('playing');
  });

  it('at the newest clip, waits for the playlist already on its way instead of asking again', async () => {
    let answer: (clips: Clip[]) => void = () => undefined;
    const getClips = vi.fn(() => new Promise<Clip[]>((resolve) => (answer = resolve)));
    const { controller, shown } = setup({ getClip: vi.fn().mockResolvedValue({ ok: true, ...clip(11), offset_seconds: 59.5 }), getClips });
    controller.seek(new Date(BASE + 11 * 60_000 + 59_500));
    await vi.advanceTimersByTimeAsync(0);
    expect(getClips).toHaveBeenCalledTimes(1);
    controller.next();
    expect(getClips).toHaveBeenCalledTimes(1);
    answer([clip(11), clip(12)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.at(-1)).toEqual(['/media/clip-12.mp4', 0]);
  });

  it('drops the answer to a request the user has moved on from', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const getClip = vi
      .fn()
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
      .mockResolvedValue({ ok: true, ...clip(30), offset_seconds: 5 });
    const { controller, shown } = setup({ getClip });
    controller.seek(new Date(BASE + 12 * 60_000));
    controller.seek(new Date(BASE + 30 * 60_000));
    await vi.advanceTimersByTimeAsync(0);
    answer({ ok: true, ...clip(12), offset_seconds: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([['/media/clip-30.mp4', 5]]);
  });
});

describe('ArchiveController.reload', () => {
  it('forgets the playlist and asks the server again', async () => {
    const getClip = vi.fn().mockResolvedValue({ ok: true, ...clip(12), offset_seconds: 0 });
    const { controller, shown } = setup({ getClip, getClips: vi.fn(playlist([11, 12, 13])) });
    controller.seek(new Date(BASE + 12 * 60_000));
    await vi.advanceTimersByTimeAsync(0);
    controller.reload(new Date(BASE + 12 * 60_000 + 20_000));
    expect(controller.state.status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(getClip).toHaveBeenCalledTimes(2);
    expect(shown.length).toBe(2);
  });
});
