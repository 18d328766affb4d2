import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { clearAllTimers } from '../../../lib/timers';
import { startLiveLease, type LiveLeaseApi } from './live-lease';

afterEach(() => {
  clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(api: Partial<LiveLeaseApi>) {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const full: LiveLeaseApi = {
    start: api.start ?? vi.fn().mockResolvedValue({ url: '/live/a.m3u8', time_to_live: 600, stream_url: '/live/a/stream' }),
    renew: api.renew ?? vi.fn().mockResolvedValue({ time_to_live: 600 }),
  };
  const events = { onStream: vi.fn(), onFailure: vi.fn() };
  const lease = startLiveLease('cam', full, events);
  return { api: full, events, lease };
}

describe('live lease', () => {
  it('plays the stream and sends a heartbeat every time_to_live - 30 s', async () => {
    const { api, events } = setup({});
    await vi.advanceTimersByTimeAsync(0);
    expect(events.onStream).toHaveBeenCalledWith('/live/a.m3u8', '/live/a/stream');
    await vi.advanceTimersByTimeAsync(569_000);
    expect(api.renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(570_000);
    expect(api.renew).toHaveBeenCalledTimes(2);
  });

  it('retries a failed heartbeat after 3 s, counting 3 attempts down, then gives up', async () => {
    const renew = vi.fn().mockRejectedValue(new HttpError('down', 503, undefined));
    const { events, lease } = setup({ renew });
    await vi.advanceTimersByTimeAsync(570_000);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(lease.attemptsLeft()).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(renew).toHaveBeenCalledTimes(2);
    expect(lease.attemptsLeft()).toBe(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(renew).toHaveBeenCalledTimes(4);
    expect(lease.attemptsLeft()).toBe(0);
    expect(events.onFailure).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).toHaveBeenCalledTimes(4);
  });

  it('a successful retry restores the attempts', async () => {
    const renew = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('down', 0, undefined))
      .mockResolvedValue({ time_to_live: 600 });
    const { lease } = setup({ renew });
    await vi.advanceTimersByTimeAsync(570_000);
    expect(lease.attemptsLeft()).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(lease.attemptsLeft()).toBe(3);
  });

  it('replaces a lost lease (404) with a new stream', async () => {
    const start = vi
      .fn()
      .mockResolvedValueOnce({ url: '/live/a.m3u8', time_to_live: 600 })
      .mockResolvedValueOnce({ url: '/live/b.m3u8', time_to_live: 600, stream_url: '/live/b/stream' });
    const renew = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('gone', 404, undefined))
      .mockResolvedValue({ time_to_live: 600 });
    const { events } = setup({ start, renew });
    await vi.advanceTimersByTimeAsync(570_000 + 3000);
    expect(start).toHaveBeenCalledTimes(2);
    expect(events.onStream).toHaveBeenLastCalledWith('/live/b.m3u8', '/live/b/stream');
  });

  it('reports a failed start, and stop cancels the heartbeat', async () => {
    const failing = setup({ start: vi.fn().mockRejectedValue(new HttpError('no', 403, undefined)) });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.events.onFailure).toHaveBeenCalledTimes(1);

    const { api, lease } = setup({});
    await vi.advanceTimersByTimeAsync(0);
    lease.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(api.renew).not.toHaveBeenCalled();
  });
});
