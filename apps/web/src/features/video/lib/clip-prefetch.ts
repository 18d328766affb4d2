/** Bytes of the next clip fetched ahead: its index (faststart puts it first) and its first seconds. */
export const PREFETCH_BYTES = 512 * 1024;

/** Links already prefetched, remembered so none is fetched twice (a playlist holds about 20). */
const REMEMBERED = 32;

export type FetchClipStart = (url: string, bytes: number, signal: AbortSignal) => Promise<void>;

/**
 * The start of the clip that plays next, fetched while the current one plays. The server marks clips cacheable with a
 * strong validator, so the browser keeps those bytes and the <video> starts the next clip from them, asking the server
 * only for the rest. One fetch at a time: a prefetch for another clip, or stop(), drops the one under way.
 */
export class ClipPrefetch {
  private running: { url: string; abort: AbortController } | null = null;
  private readonly tried: string[] = [];

  constructor(private readonly fetchStart: FetchClipStart) {}

  prefetch(url: string): void {
    if (this.tried.includes(url)) return;
    this.stop();
    const abort = new AbortController();
    this.running = { url, abort };
    this.tried.push(url);
    if (this.tried.length > REMEMBERED) this.tried.shift();
    // A failed prefetch costs nothing (the player asks for the clip itself) and is not tried again.
    this.fetchStart(url, PREFETCH_BYTES, abort.signal)
      .catch(() => undefined)
      .finally(() => {
        if (this.running?.abort === abort) this.running = null;
      });
  }

  /** The player takes this clip now: a prefetch of it still under way is dropped, so the player never waits behind it. */
  release(url: string): void {
    if (this.running?.url === url) this.stop();
  }

  /** Drops the fetch under way; its clip may be prefetched again later. */
  stop(): void {
    const running = this.running;
    if (!running) return;
    this.running = null;
    running.abort.abort();
    const at = this.tried.indexOf(running.url);
    if (at >= 0) this.tried.splice(at, 1);
  }
}

/** Only same-origin clips are prefetched: the page may fetch nothing else (connect-src 'self'); the <video> may. */
export const canPrefetch = (url: string, pageUrl: string): boolean => new URL(url, pageUrl).origin === new URL(pageUrl).origin;
