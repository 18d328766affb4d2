import { describe, expect, it, vi } from 'vitest';
import { ClipPrefetch, PREFETCH_BYTES, canPrefetch, type FetchClipStart } from './clip-prefetch';

/** A fetch that finishes when the test says so, and records what was asked and aborted. */
function fakeFetch() {
  const calls: { url: string; bytes: number; signal: AbortSignal; finish: (ok: boolean) => void }[] = [];
  const fetchStart: FetchClipStart = (url, bytes, signal) =>
    new Promise<void>((resolve, reject) => calls.push({ url, bytes, signal, finish: (ok) => (ok ? resolve() : reject(new Error('403'))) }));
  return { calls, fetchStart: vi.fn(fetchStart) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ClipPrefetch', () => {
  it('fetches the first bytes of a clip once', async () => {
    const { calls, fetchStart } = fakeFetch();
    const prefetch = new ClipPrefetch(fetchStart);
    prefetch.prefetch('/media/t/a.mp4');
    prefetch.prefetch('/media/t/a.mp4');
    expect(calls.map((c) => [c.url, c.bytes])).toEqual([['/media/t/a.mp4', PREFETCH_BYTES]]);
    calls[0]!.finish(true);
    await settle();
    prefetch.prefetch('/media/t/a.mp4');
    expect(fetchStart).toHaveBeenCalledTimes(1);
  });

  it('drops the fetch under way for another clip, and may fetch the dropped one again', () => {
    const { calls, fetchStart } = fakeFetch();
    const prefetch = new ClipPrefetch(fetchStart);
    prefetch.prefetch('/media/t/a.mp4');
    prefetch.prefetch('/media/t/b.mp4');
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    prefetch.prefetch('/media/t/a.mp4');
    expect(calls.map((c) => c.url)).toEqual(['/media/t/a.mp4', '/media/t/b.mp4', '/media/t/a.mp4']);
  });

  it('stops on request, and does not try a failed clip again', async () => {
    const { calls, fetchStart } = fakeFetch();
    const prefetch = new ClipPrefetch(fetchStart);
    prefetch.prefetch('/media/t/a.mp4');
    prefetch.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
    prefetch.prefetch('/media/t/b.mp4');
    calls[1]!.finish(false);
    await settle();
    prefetch.prefetch('/media/t/b.mp4');
    expect(fetchStart).toHaveBeenCalledTimes(2);
  });

  it('drops the fetch of a clip the player takes, and only that one', () => {
    const { calls, fetchStart } = fakeFetch();
    const prefetch = new ClipPrefetch(fetchStart);
    prefetch.prefetch('/media/t/b.mp4');
    prefetch.release('/media/t/a.mp4');
    expect(calls[0]!.signal.aborted).toBe(false);
    prefetch.release('/media/t/b.mp4');
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});

describe('canPrefetch', () => {
  it('takes links of the page origin only', () => {
    expect(canPrefetch('/media/t/a.mp4', 'https://vigil.example/view/cam')).toBe(true);
    expect(canPrefetch('https://vigil.example/media/t/a.mp4', 'https://vigil.example/view/cam')).toBe(true);
    expect(canPrefetch('https://api.vigil.example/media/t/a.mp4', 'https://vigil.example/view/cam')).toBe(false);
    expect(canPrefetch('https://bucket.s3.example/a.mp4?X-Amz-Signature=1', 'https://vigil.example/view/cam')).toBe(false);
  });
});
